/**
 * The first paint in the chosen theme. index.html carries this tiny script inline, in its head
 * (vite.config.ts puts it there), so the page is drawn dark from the start on a reload in dark
 * mode: no light flash before the app's code arrives. It reads the choice where the appearance
 * machine keeps it (`APPEARANCE_STORAGE_KEY`, the one home of the key) and the device's
 * `prefers-color-scheme`, then sets `data-theme`, `color-scheme` and the background of `<html>`;
 * the app takes over from there (App.tsx). No eval and nothing from outside: the same bytes on
 * every build of one base, so a Content-Security-Policy can allow it by its sha256 hash.
 */
import { darkTheme, lightTheme } from '../components/ui/theme';
import { APPEARANCE_STORAGE_KEY } from '../machines/appearance';
import { AUTH_STORAGE_KEYS } from '../machines/storage';
import { bootDecision, PRERENDERED_META } from './boot';

/**
 * The script's source: one expression, about 1.8 KB. `base` is the app's base (the build's
 * BASE_URL), which the prerender decision strips from the address.
 *
 * On a prerendered page (src/app/prerender.tsx writes a `<meta name="murmur-prerendered">`
 * before this script) it also sets `data-boot` on `<html>`: `hydrate` when the markup is right
 * for this visitor, `fresh` when it is not (bootDecision in boot.ts, whose source is inlined
 * here); the page's head hides `#root` while `data-boot` is `fresh`, and main.tsx reads it.
 * When fresh, the page cannot be drawn before the app's entry script runs, which the prerendered
 * HTML fetches at low priority (hydration is not urgent): the script then preloads the entry
 * (the meta's `data-entry`) at high priority.
 */
export function themeBootScript(base = '/'): string {
  const key = JSON.stringify(APPEARANCE_STORAGE_KEY);
  const token = JSON.stringify(AUTH_STORAGE_KEYS.token);
  const user = JSON.stringify(AUTH_STORAGE_KEYS.user);
  const dark = JSON.stringify(darkTheme.colors.background);
  const light = JSON.stringify(lightTheme.colors.background);
  const meta = JSON.stringify(`meta[name="${PRERENDERED_META}"]`);
  return (
    '(function(){var c=null,t=null,u=null;try{var l=localStorage;c=l.getItem(' +
    key +
    ');t=l.getItem(' +
    token +
    ');u=l.getItem(' +
    user +
    ')}catch(e){}' +
    'var d=c==="dark"||(c!=="light"&&!!window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);' +
    'var s=d?"dark":"light",r=document.documentElement;' +
    'r.setAttribute("data-theme",s);r.style.colorScheme=s;r.style.backgroundColor=d?' +
    dark +
    ':' +
    light +
    ';var n=false;try{var p=JSON.parse(u);n=!!t&&typeof p==="object"&&p!==null&&typeof p._id==="string"}catch(e){}' +
    'var h=null;try{h=history.state}catch(e){}var m=document.querySelector(' +
    meta +
    ');var b=(' +
    // Its source, as the build compiled it, on one line (it has no line comments or ASI).
    bootDecision.toString().replace(/\n\s*/g, ' ') +
    ')({page:m?{path:m.getAttribute("content")||"",signedIn:m.getAttribute("data-session")==="signed-in"}:null,' +
    'pathname:location.pathname,base:' +
    JSON.stringify(base) +
    ',signedIn:n,dark:d,routerState:!!(h&&h.usr!=null)});r.setAttribute("data-boot",b);' +
    // Rendering fresh, the page needs its entry script to paint: fetch it first after all.
    'var e=m&&m.getAttribute("data-entry");if(b==="fresh"&&e){var k=document.createElement("link");' +
    'k.rel="modulepreload";k.href=e;k.setAttribute("fetchpriority","high");document.head.appendChild(k)}' +
    // No form is ever sent by the browser itself: the app handles each one (and prevents its
    // default). Before hydration nothing does, and a login sent natively would put the password
    // in the address; what was typed stays, and the app takes it over when it mounts.
    'window.addEventListener("submit",function(v){if(!v.defaultPrevented)v.preventDefault()})})()'
  );
}
