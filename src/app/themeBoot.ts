/**
 * The first paint in the chosen theme. index.html carries this tiny script inline, in its head
 * (vite.config.ts puts it there), so the page is drawn dark from the start on a reload in dark
 * mode: no light flash before the app's code arrives. It reads the choice where the appearance
 * machine keeps it (`APPEARANCE_STORAGE_KEY`, the one home of the key) and the device's
 * `prefers-color-scheme`, then sets `data-theme` on `<html>`: the page's CSS defines both schemes
 * and that attribute picks one (theme.ts); the app takes over from there (App.tsx). No eval and
 * nothing from outside: the same bytes on every build of one base, so a Content-Security-Policy
 * can allow it by its sha256 hash.
 */
import { APPEARANCE_STORAGE_KEY } from '../machines/appearance';
import { AUTH_STORAGE_KEYS } from '../machines/storage';
import { bootDecision, PRERENDERED_META, PRESSED_BEFORE_APP, SCRIPTS_META } from './boot';

/**
 * The script's source: one expression, about 2.2 KB. `base` is the app's base (the build's
 * BASE_URL), which the prerender decision strips from the address.
 *
 * On a prerendered page (src/app/prerender.tsx writes a `<meta name="murmur-prerendered">`
 * before this script) it also sets `data-boot` on `<html>`: `hydrate` when the markup is right
 * for this visitor, `fresh` when it is not (bootDecision in boot.ts, whose source is inlined
 * here); the page's head hides `#root` while `data-boot` is `fresh`, and main.tsx reads it.
 *
 * Such a page has no script tag of the app's (vite.prerender.ts): this script asks for the entry
 * and the modules it imports (`<meta name="murmur-scripts">`: `content` and `data-preload`). When the markup is
 * hydrated, the page is already drawn without them, so they are asked for only once it is drawn
 * with its fonts: the first paint, and the repaint when the fonts arrive, share the network with
 * nothing (a script asked for earlier delays them on a slow connection, and Lighthouse charges
 * the largest paint with everything asked for before it). When fresh, nothing can be drawn
 * before the entry runs, so they are asked for at once, at high priority, and the entry runs
 * once the document is parsed (as a module script in the HTML would). A button pressed before
 * the app runs is not lost meanwhile: it is listed below and pressed again (hydration.ts), so
 * the login page waits like the others (asked for at once, its scripts made Lighthouse charge
 * its largest paint with them: about 2.2 s on a phone against the floor's 1.3). For a signed-in
 * visitor the mock API's modules (`data-mock`) are asked for with them: the page reads its data
 * at once, every call waits for the mock, and asked for by the entry they came only after it had
 * run.
 */
export function themeBootScript(base = '/'): string {
  const key = JSON.stringify(APPEARANCE_STORAGE_KEY);
  const token = JSON.stringify(AUTH_STORAGE_KEYS.token);
  const user = JSON.stringify(AUTH_STORAGE_KEYS.user);
  const meta = JSON.stringify(`meta[name="${PRERENDERED_META}"]`);
  const scripts = JSON.stringify(`meta[name="${SCRIPTS_META}"]`);
  const pressedKey = JSON.stringify(PRESSED_BEFORE_APP);
  return (
    '(function(){var c=null,t=null,u=null;try{var l=localStorage;c=l.getItem(' +
    key +
    ');t=l.getItem(' +
    token +
    ');u=l.getItem(' +
    user +
    ')}catch(e){}' +
    'var d=c==="dark"||(c!=="light"&&!!window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);' +
    'var r=document.documentElement;r.setAttribute("data-theme",d?"dark":"light");' +
    'var n=false;try{var p=JSON.parse(u);n=!!t&&typeof p==="object"&&p!==null&&typeof p._id==="string"}catch(e){}' +
    'var h=null;try{h=history.state}catch(e){}var m=document.querySelector(' +
    meta +
    ');var b=(' +
    // Its source, as the build compiled it, on one line (it has no line comments or ASI).
    bootDecision.toString().replace(/\n\s*/g, ' ') +
    ')({page:m?{path:m.getAttribute("content")||"",signedIn:m.getAttribute("data-session")==="signed-in"}:null,' +
    'pathname:location.pathname,base:' +
    JSON.stringify(base) +
    ',signedIn:n,routerState:!!(h&&h.usr!=null)});r.setAttribute("data-boot",b);' +
    // The app's scripts (see above). `o` adds an element to the head; `w` runs after the next
    // frame is drawn; `g` asks for the scripts, once (the timer is there for a hidden tab, whose
    // frames wait until it is shown).
    'var j=document.querySelector(' +
    scripts +
    '),e=j&&j.getAttribute("content");if(e){var f=b==="fresh",' +
    'a=document.head,x=false,o=function(n,y){var k=document.createElement(n);k.crossOrigin="";' +
    'if(f)k.setAttribute("fetchpriority","high");for(var z in y)k[z]=y[z];' +
    'a.appendChild(k)},' +
    'w=function(c){requestAnimationFrame(function(){setTimeout(c,0)})},' +
    'g=function(){if(x)return;x=true;var q=(j.getAttribute("data-preload")||"").split(" ");' +
    'if(n)q=q.concat((j.getAttribute("data-mock")||"").split(" "));' +
    'for(var i=0;i<q.length;i++)if(q[i])o("link",{rel:"modulepreload",href:q[i]});' +
    'var s=function(){o("script",{type:"module",src:e})};' +
    'if(document.readyState==="loading"){o("link",{rel:"modulepreload",href:e});' +
    'document.addEventListener("DOMContentLoaded",s)}else s()};' +
    'if(f)g();else{w(function(){var d=document.fonts;(d?d.ready:Promise.resolve()).then(function(){w(g)})});' +
    'setTimeout(g,3000)}}' +
    // No form is ever sent by the browser itself: the app handles each one (and prevents its
    // default). Before hydration nothing does, and a login sent natively would put the password
    // in the address; what was typed stays, and the app takes it over when it mounts.
    'window.addEventListener("submit",function(v){if(!v.defaultPrevented)v.preventDefault()});' +
    // A button pressed before then is listed (PRESSED_BEFORE_APP), and the app presses it again
    // once it has hydrated the page (ReplayPressedBeforeApp): a tap on the guest button in the
    // first second is not lost. The app ends the list when it starts.
    'window[' +
    pressedKey +
    ']=[];window.addEventListener("click",function(v){var q=window[' +
    pressedKey +
    '],k=v.target&&v.target.closest&&v.target.closest("button");if(q&&k)q.push(k)},true)})()'
  );
}
