// How the pure model layer localises: every display string goes through an `L10n` argument,
// `vscode.l10n` in the extension (its `t` has this shape), English by default so unit tests and
// other plain-Node callers need nothing. Call it as `l10n.t('…')`: `npm run l10n` (the
// @vscode/l10n-dev exporter) collects `l10n.t` calls into l10n/bundle.l10n.json, the strings
// translators get, and the extension host looks them up in l10n/bundle.l10n.<locale>.json.
// Names that mirror Wasp's own (burn codes, Solidity panic reasons, error codes) stay English:
// they are what a developer searches for.

/** The localisation function (vscode.l10n fits): `{0}`-style placeholders. */
export interface L10n {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

/** English with `{n}` placeholders filled: for unit tests and as a fallback. */
export const englishL10n: L10n = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)]))),
};
