// `webview-code:<name>Main` is the webview script of src/*/browser/<name>Main.ts, and
// `webview-code:webview.css` the shared stylesheet, as text (esbuild.mjs builds them in).
declare module 'webview-code:*' {
  export const code: string;
}
