// Types of find-browser.mjs, for the TypeScript tests that launch the same Chromium.
export declare const BASE_CHROMIUM_ARGS: string[];
export declare const CHROMIUM_ARGS: string[];
export declare function findBrowser(): Promise<string | undefined>;
export declare function ensureBrowser(options?: {
  log?: (message: string) => void;
}): Promise<string>;
