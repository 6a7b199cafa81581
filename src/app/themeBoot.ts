/**
 * The first paint in the chosen theme. index.html carries this tiny script inline, in its head
 * (vite.config.ts puts it there), so the page is drawn dark from the start on a reload in dark
 * mode: no light flash before the app's code arrives. It reads the choice where the appearance
 * machine keeps it (`APPEARANCE_STORAGE_KEY`, the one home of the key) and the device's
 * `prefers-color-scheme`, then sets `data-theme`, `color-scheme` and the background of `<html>`;
 * the app takes over from there (App.tsx). No eval and nothing from outside: the same bytes on
 * every build of one theme, so a Content-Security-Policy can allow it by its sha256 hash.
 */
import { darkTheme, lightTheme } from '../components/ui/theme';
import { APPEARANCE_STORAGE_KEY } from '../machines/appearance';

/** The script's source: one expression, a few hundred bytes. */
export function themeBootScript(): string {
  const key = JSON.stringify(APPEARANCE_STORAGE_KEY);
  const dark = JSON.stringify(darkTheme.colors.background);
  const light = JSON.stringify(lightTheme.colors.background);
  return (
    '(function(){var c=null;try{c=localStorage.getItem(' +
    key +
    ')}catch(e){}' +
    'var d=c==="dark"||(c!=="light"&&!!window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);' +
    'var s=d?"dark":"light",r=document.documentElement;' +
    'r.setAttribute("data-theme",s);r.style.colorScheme=s;r.style.backgroundColor=d?' +
    dark +
    ':' +
    light +
    '})()'
  );
}
