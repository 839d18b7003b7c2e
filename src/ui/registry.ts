// The open panels of one kind: open (or reveal), find, and restore after a window reload through
// the serializer, which trusts nothing in the saved state but its identity, parsed by a schema.
// The panel's module is loaded on first use (`load`), so activation does not pay for it.
import * as vscode from 'vscode';
import type * as z from 'zod/mini';
import { webviewOptions } from './html';
import type { ErrorView } from './model/view';

/** What the registry needs of a panel (Panel in ./panel has it). */
export interface ManagedPanel<I> extends vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly identity: I;
  readonly shownError: ErrorView | undefined;
  readonly onDidDispose: vscode.Event<void>;
  start(): Promise<void>;
  refresh(): Promise<void>;
}

/** What the lazily loaded panel module provides. */
export interface PanelFactory<I, P> {
  title(identity: I): string;
  create(webviewPanel: vscode.WebviewPanel, identity: I): P;
}

export interface PanelKind<I, P> {
  viewType: string;
  /**
   * The schema of the identity in a saved webview state (it came from a webview: hostile until
   * parsed). Loaded when a panel is restored: zod is not needed at activation.
   */
  identity(): Promise<z.ZodMiniType<I, unknown>>;
  /** Whether an open panel of `have` shows what `want` asks for. */
  matches(have: I, want: I): boolean;
  load(): Promise<PanelFactory<I, P>>;
}

export interface OpenOptions {
  viewColumn?: vscode.ViewColumn;
  preserveFocus?: boolean;
}

export class PanelRegistry<I, P extends ManagedPanel<I>> implements vscode.Disposable {
  private readonly open = new Set<P>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly kind: PanelKind<I, P>,
  ) {}

  panels(): P[] {
    return [...this.open];
  }

  find(identity: I): P | undefined {
    for (const p of this.open) if (this.kind.matches(p.identity, identity)) return p;
    return undefined;
  }

  /**
   * Opens (or reveals) the panel of `identity`; resolves once its load is shown. `prepare` runs
   * before that load; on a panel already open it returns whether to load again (otherwise only
   * a panel showing an error does: revealing it is usually "try once more").
   */
  async openPanel(identity: I, options: OpenOptions = {}, prepare?: (panel: P) => boolean): Promise<P> {
    const existing = this.find(identity);
    if (existing) return this.reuse(existing, options, prepare);
    const factory = await this.kind.load();
    // Another open of the same identity may have finished while the module loaded.
    const raced = this.find(identity);
    if (raced) return this.reuse(raced, options, prepare);
    const webviewPanel = vscode.window.createWebviewPanel(
      this.kind.viewType,
      factory.title(identity),
      { viewColumn: options.viewColumn ?? vscode.ViewColumn.Active, preserveFocus: options.preserveFocus ?? false },
      webviewOptions(this.extensionUri),
    );
    const panel = this.track(factory.create(webviewPanel, identity));
    prepare?.(panel);
    await panel.start();
    return panel;
  }

  /** The serializer's path: rebuilds a panel from the state its webview saved. */
  async restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<P | undefined> {
    const parsed = (await this.kind.identity()).safeParse((state as { identity?: unknown } | null | undefined)?.identity);
    if (!parsed.success) {
      // Nothing to fetch again: a panel closed before its first render, or a foreign state.
      webviewPanel.dispose();
      return undefined;
    }
    const factory = await this.kind.load();
    const existing = this.find(parsed.data);
    if (existing) {
      webviewPanel.dispose();
      existing.panel.reveal(existing.panel.viewColumn);
      return existing;
    }
    const panel = this.track(factory.create(webviewPanel, parsed.data));
    await panel.refresh();
    return panel;
  }

  registerSerializer(): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(this.kind.viewType, {
      deserializeWebviewPanel: async (webviewPanel, state: unknown) => {
        await this.restore(webviewPanel, state);
      },
    });
  }

  dispose(): void {
    for (const p of [...this.open]) p.dispose();
  }

  private async reuse(panel: P, options: OpenOptions, prepare?: (panel: P) => boolean): Promise<P> {
    panel.panel.reveal(panel.panel.viewColumn, options.preserveFocus);
    const again = prepare?.(panel) ?? false;
    if (again || panel.shownError) await panel.refresh();
    return panel;
  }

  private track(panel: P): P {
    this.open.add(panel);
    panel.onDidDispose(() => this.open.delete(panel));
    return panel;
  }
}
