// The host side of a panel: ready handshake, typed messages, the actions every panel shares
// (copy, open an http(s) link, refresh), and the last rendered text for tests.
import * as vscode from 'vscode';
import { isWebviewMessage, type CommonAction, type HostMessage, type WebviewMessage } from './protocol';
import { externalUrlToOpen } from '../core/text';
import { renderShell, webviewOptions } from './html';

export interface Rendered {
  text: string;
  html: string;
}

export abstract class Panel<S, A extends { kind: string }> implements vscode.Disposable {
  private ready = false;
  private queued: HostMessage<S> | undefined;
  /** The last state sent, resent when the webview comes back (see 'ready'). */
  private lastState: S | undefined;
  private readonly renderEmitter = new vscode.EventEmitter<Rendered>();
  /** Fires after the webview rendered a state (tests wait on it). */
  readonly onDidRender = this.renderEmitter.event;
  lastRendered: Rendered | undefined;
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;
  protected readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly extensionUri: vscode.Uri,
    script: string,
    title: string,
  ) {
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = renderShell(panel.webview, extensionUri, { script, title });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Sends the state; held until the webview said it is ready. */
  protected postState(state: S): void {
    this.lastState = state;
    this.send({ type: 'state', state });
  }

  protected postLoading(message: string): void {
    this.send({ type: 'loading', message });
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

  /** What the panel fetches and shows; called on ready, refresh and retry. */
  abstract refresh(): Promise<void>;

  protected abstract onAction(action: A): void | Promise<void>;

  private async receive(raw: unknown): Promise<void> {
    if (!isWebviewMessage(raw)) return;
    const message = raw as WebviewMessage<A>;
    switch (message.type) {
      case 'ready': {
        // Without retainContextWhenHidden a hidden webview is torn down and says 'ready' again
        // when it comes back, showing what it had saved: a fetch may have ended meanwhile, so
        // it always gets the latest state.
        this.ready = true;
        const q = this.queued ?? (this.lastState !== undefined ? { type: 'state' as const, state: this.lastState } : undefined);
        this.queued = undefined;
        if (q) void this.panel.webview.postMessage(q);
        return;
      }
      case 'rendered':
        if (typeof message.text === 'string' && typeof message.html === 'string') {
          this.lastRendered = { text: message.text, html: message.html };
          this.renderEmitter.fire(this.lastRendered);
        }
        return;
      case 'action':
        return this.dispatch(message.action);
    }
  }

  private async dispatch(action: CommonAction | A): Promise<void> {
    if (typeof action !== 'object' || action === null) return;
    switch (action.kind) {
      case 'refresh':
      case 'retry':
        return this.refresh();
      case 'copy': {
        const a = action as Extract<CommonAction, { kind: 'copy' }>;
        if (typeof a.text !== 'string') return;
        await vscode.env.clipboard.writeText(a.text);
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', String(a.what ?? '')), 2000);
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
      default:
        return this.onAction(action as A);
    }
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
    this.disposeEmitter.fire();
    this.panel.dispose();
    for (const d of this.disposables) d.dispose();
    this.renderEmitter.dispose();
    this.disposeEmitter.dispose();
  }
}
