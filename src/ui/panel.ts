// The host side of every panel: the ready handshake, load generations with abort, the error
// view and its buttons, token changes, the actions every panel shares (copy, open an http(s)
// link, refresh), and a failure of any action or load caught here (logged and shown), never
// an unhandled rejection. A feature's panel says what to load and how to show it.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { nodeKey } from '../config/model/chainConfig';
import { within } from '../core/detached';
import { externalUrlToOpen, iconSafeLabel, notificationText, plainLine } from '../core/text';
import type { ChainRegistry } from '../config/chainRegistry';
import type { TokenStore } from '../config/tokenStore';
import { describeError } from './errors';
import { webviewOptions } from './html';
import { renderShell } from './panelHtml';
import { isWebviewMessage, type CommonAction, type HostMessage, type WebviewMessage } from './protocol';
import { type ErrorView } from './model/view';

export interface Rendered {
  /** Empty in production: the webview echoes its content only to tests. */
  text: string;
  html: string;
}

/** One load: aborted and stale once a newer one starts or the panel closes. */
export interface LoadRun {
  readonly signal: AbortSignal;
  stale(): boolean;
  /** Past the caches (Refresh, Retry); false for the first load of a new panel. */
  readonly fresh: boolean;
}

export interface PanelSpec {
  /** The webview script, as text: `import { code } from 'webview-code:<name>Main'`. */
  code: string;
  title: string;
  /** A codicon name. */
  icon: string;
  /** What a failed action is called in the notification, e.g. "Chain info". */
  what: string;
}

/** What every panel reads of the extension; a feature's panel declares what more it reads. */
export interface PanelDeps {
  readonly context: Pick<vscode.ExtensionContext, 'extensionUri' | 'extensionMode'>;
  /** A new token may fix the access error shown. */
  readonly tokens: Pick<TokenStore, 'onDidChange'>;
  /** The chain of an access error, by name. */
  readonly chains: Pick<ChainRegistry, 'get'>;
  readonly log: vscode.LogOutputChannel;
}

/**
 * How long a new panel waits for its first load before its HTML is written with what it has: a
 * load done by then (or one that said its first view is complete, paint()) is in the first paint,
 * with no "Looking up…" before it. Writing the HTML as the load starts measured no faster: the
 * frame's loading and the load then share the machine.
 */
const FIRST_PAINT_WAIT_MS = 150;

/**
 * How long work that can wait (sections after the first paint) waits for the webview to say its
 * first paint is on screen. A webview that never says so (a panel opened in a hidden tab) does not
 * hold that work longer.
 */
const PAINTED_WAIT_MS = 1000;

export abstract class Panel<S, A extends { kind: string }, I, D extends PanelDeps = PanelDeps> implements vscode.Disposable {
  private ready = false;
  /** Resolves firstReady: at the webview's first ready (its first paint on screen), or when the panel is gone. */
  private onFirstReady: (() => void) | undefined;
  private readonly firstReady = new Promise<void>((resolve) => (this.onFirstReady = resolve));
  private queued: HostMessage<S> | undefined;
  private htmlWritten = false;
  private htmlTimer: ReturnType<typeof setTimeout> | undefined;
  /** A new panel's first load (start), whose webview has no state saved from an earlier one. */
  private opened = false;
  /** The state the HTML carried, until the webview's first ready. */
  private inHtml: S | undefined;
  private current: S;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private readonly renderEmitter = new vscode.EventEmitter<Rendered>();
  /** Fires after the webview rendered a state (tests and the benchmark wait on it). */
  readonly onDidRender = this.renderEmitter.event;
  lastRendered: Rendered | undefined;
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;
  protected readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly deps: D,
    private readonly spec: PanelSpec,
    protected id: I,
    initial: S,
  ) {
    panel.title = spec.title;
    panel.iconPath = new vscode.ThemeIcon(spec.icon);
    panel.webview.options = webviewOptions(deps.context.extensionUri);
    this.htmlTimer = setTimeout(() => this.writeHtml(), FIRST_PAINT_WAIT_MS);
    this.current = initial;
    this.queued = { type: 'state', state: initial };
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => this.dispose()),
      deps.tokens.onDidChange((key) => this.onTokenChanged(key)),
    );
  }

  /** What the panel shows: it decides reuse and is all the serializer keeps. */
  get identity(): I {
    return this.id;
  }

  /** The state as last sent to the webview. */
  get state(): S {
    return this.current;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** The error the panel shows, if any: revealing such a panel tries again. */
  abstract get shownError(): ErrorView | undefined;

  /** The chain whose token or sign-in the error's buttons are about (undefined: unknown). */
  protected abstract errorChain(): string | undefined;

  /** Fetches and shows; `run` says when a newer load took over. */
  protected abstract load(run: LoadRun): Promise<void>;

  /** Shows an error in place of (or beside) what the panel shows. */
  protected abstract showError(error: ErrorView): void;

  protected abstract onAction(action: A): Promise<void>;

  /** The error view's Watch button (a panel that offers it says what to watch). */
  protected async onWatch(): Promise<void> {}

  /** "Why no receipt?" on a not-found view (the receipt panel's). */
  protected async onDiagnose(): Promise<void> {}

  /** The whole text behind an excerpt the state holds (see Excerpt); undefined when unknown. */
  protected fullText(_key: string): string | undefined {
    return undefined;
  }

  /** The first load of a new panel (caches allowed). */
  start(): Promise<void> {
    this.opened = true;
    return this.run(false);
  }

  /** Refresh and Retry: asks the node again. Resolves once shown. */
  refresh(): Promise<void> {
    return this.run(true);
  }

  /** Runs an action as if the webview had sent it; a failure is logged and shown, never thrown. */
  async perform(action: CommonAction | A): Promise<void> {
    try {
      await this.dispatch(action);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      this.deps.log.warn(`${this.spec.what}: action ${String(action.kind)}: ${reason}`);
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('{0}: {1}', this.spec.what, reason)));
    }
  }

  protected show(state: S): void {
    this.current = state;
    this.send({ type: 'state', state });
  }

  protected postLoading(message: string): void {
    this.send({ type: 'loading', message });
  }

  /** The error of a chain name no valid settings entry has. */
  protected notConfigured(chainName: string, context?: string): ErrorView {
    return {
      kind: 'notConfigured',
      title: vscode.l10n.t('Chain not configured'),
      message: vscode.l10n.t('No valid chain named "{0}" is configured.', chainName),
      hint: vscode.l10n.t('Add it (or fix its entry) in the setting waspChain.chains, then retry.'),
      actions: [
        { label: vscode.l10n.t('Open Settings'), command: 'openSettings' },
        { label: vscode.l10n.t('Retry'), command: 'retry' },
      ],
      ...(context === undefined ? {} : { context }),
    };
  }

  private async run(fresh: boolean): Promise<void> {
    const gen = ++this.generation;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const stale = () => gen !== this.generation || this.disposed;
    try {
      await this.load({ signal: controller.signal, stale, fresh });
    } catch (e) {
      if (stale()) return;
      // A bug or an unexpected answer: said in the panel, not lost as a rejection.
      this.deps.log.error(`${this.spec.what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      this.showError(describeError(e));
    }
    this.writeHtml();
  }

  /**
   * The state shown now is what the panel was opened for: its webview starts loading with it,
   * without waiting for the rest of the load (which follows by message).
   */
  protected paint(): void {
    this.writeHtml();
  }

  /**
   * Resolves once the webview said its first paint is on screen (at once when it already did, or
   * when the panel is gone), or after PAINTED_WAIT_MS. Work that can wait starts after it: until
   * the HTML is sent (VS Code sends it on the extension host's next turn) and the webview has
   * loaded, any CPU the host spends delays that first paint, and nothing but the first paint is
   * shown before the webview is ready anyway.
   */
  protected async painted(): Promise<void> {
    if (this.ready || this.disposed) return;
    await within(this.firstReady, PAINTED_WAIT_MS, undefined);
  }

  /** Once: the shell with the state shown now, so the webview paints it before any message. */
  private writeHtml(): void {
    if (this.htmlWritten || this.disposed) return;
    this.htmlWritten = true;
    clearTimeout(this.htmlTimer);
    const state = this.current;
    // The HTML carries the state (a loading line queued after it still goes at ready).
    if (this.queued?.type === 'state') this.queued = undefined;
    // A restored webview shows the state it saved, so it gets the latest at ready whatever the HTML held.
    this.inHtml = this.opened ? state : undefined;
    const echo = this.deps.context.extensionMode !== vscode.ExtensionMode.Production;
    this.panel.webview.html = renderShell(this.panel.webview, { code: this.spec.code, title: this.spec.title, echo, state });
  }

  private send(message: HostMessage<S>): void {
    if (this.disposed) return;
    if (!this.ready) {
      // A later state replaces an earlier one; a loading line never replaces a state.
      if (message.type === 'state' || !this.queued) this.queued = message;
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    if (!isWebviewMessage(raw)) return;
    const message = raw as WebviewMessage<A>;
    switch (message.type) {
      case 'ready': {
        // Without retainContextWhenHidden a hidden webview is torn down and says 'ready' again
        // when it comes back, showing what it had saved: a fetch may have ended meanwhile, so
        // it gets the latest state, unless it is the first ready and the HTML carried that one.
        this.ready = true;
        this.onFirstReady?.();
        const inHtml = this.inHtml;
        this.inHtml = undefined;
        const q = this.queued ?? (inHtml === this.current ? undefined : { type: 'state' as const, state: this.current });
        this.queued = undefined;
        if (q) void this.panel.webview.postMessage(q);
        return;
      }
      case 'rendered':
        this.lastRendered = { text: typeof message.text === 'string' ? message.text : '', html: typeof message.html === 'string' ? message.html : '' };
        this.renderEmitter.fire(this.lastRendered);
        return;
      case 'action':
        if (typeof message.action === 'object' && message.action !== null) void this.perform(message.action);
        return;
    }
  }

  private async dispatch(action: CommonAction | A): Promise<void> {
    switch (action.kind) {
      case 'refresh':
        return this.refresh();
      case 'copy': {
        const a = action as Extract<CommonAction, { kind: 'copy' }>;
        if (typeof a.text !== 'string') return;
        await vscode.env.clipboard.writeText(a.text);
        copiedMessage(a.what);
        return;
      }
      case 'openExternal': {
        const a = action as Extract<CommonAction, { kind: 'openExternal' }>;
        const url = typeof a.url === 'string' ? externalUrlToOpen(a.url) : undefined;
        if (url === undefined) {
          void vscode.window.showWarningMessage(vscode.l10n.t('Not opened: only http and https links from a node are opened.'));
          return;
        }
        await vscode.env.openExternal(vscode.Uri.parse(url, true));
        return;
      }
      case 'fullText': {
        const key = (action as Extract<CommonAction, { kind: 'fullText' }>).key;
        const text = typeof key === 'string' ? this.fullText(key) : undefined;
        if (text !== undefined && !this.disposed) void this.panel.webview.postMessage({ type: 'fullText', key, text } satisfies HostMessage<S>);
        return;
      }
      case 'copyExcerpt': {
        const a = action as Extract<CommonAction, { kind: 'copyExcerpt' }>;
        const text = typeof a.key === 'string' ? this.fullText(a.key) : undefined;
        if (text === undefined) return;
        await vscode.env.clipboard.writeText(text);
        copiedMessage(a.what);
        return;
      }
      case 'errorAction':
        return this.runErrorAction((action as Extract<CommonAction, { kind: 'errorAction' }>).command);
      default:
        return this.onAction(action as A);
    }
  }

  private async runErrorAction(command: unknown): Promise<void> {
    switch (command) {
      case 'retry':
        return this.refresh();
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'waspChain.chains');
        return;
      case 'watch':
        return this.onWatch();
      case 'diagnose':
        return this.onDiagnose();
      case 'setToken':
      case 'signIn':
        // An allowlist: the webview names one of our commands, never an arbitrary one.
        await vscode.commands.executeCommand(command === 'setToken' ? Commands.setToken : Commands.signIn, this.errorChain());
        await this.refresh();
        return;
      default:
        return;
    }
  }

  private onTokenChanged(key: string): void {
    if (this.disposed) return;
    // A new token can only fix an access error; a panel showing data stays as it is.
    const kind = this.shownError?.kind;
    if (kind !== 'unauthorized' && kind !== 'tokenExpired') return;
    const name = this.errorChain();
    const chain = name === undefined ? undefined : this.deps.chains.get(name);
    let mine: string | undefined;
    try {
      mine = chain ? nodeKey(chain.nodeUrl) : undefined;
    } catch {
      mine = undefined;
    }
    if (mine === undefined || key === mine) void this.refresh();
  }

  /** Resolves with the next render (or the current one when it already shows `until`). */
  waitForRender(until?: (r: Rendered) => boolean, timeoutMs = 15_000): Promise<Rendered> {
    if (this.lastRendered && until?.(this.lastRendered)) return Promise.resolve(this.lastRendered);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        sub.dispose();
        reject(new Error(`The panel did not render in ${timeoutMs} ms; last: ${this.lastRendered?.text.slice(0, 300) ?? '(nothing)'}`));
      }, timeoutMs);
      const sub = this.onDidRender((r) => {
        if (until && !until(r)) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(r);
      });
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.htmlTimer);
    this.onFirstReady?.();
    this.generation++;
    this.inFlight?.abort();
    this.disposeEmitter.fire();
    this.panel.dispose();
    for (const d of this.disposables) d.dispose();
    this.renderEmitter.dispose();
    this.disposeEmitter.dispose();
  }
}

/**
 * "Copied <what>" in the status bar, which renders `$(icon)`: `what` comes from the webview and
 * may hold node text (a Rebased coin's symbol is the end of its coin type), so it is one plain
 * line, revealed, with no icon syntax.
 */
function copiedMessage(what: unknown): void {
  const label = iconSafeLabel(plainLine(typeof what === 'string' ? what : '', 80));
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', label), 2000);
}
