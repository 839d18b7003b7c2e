// The inline debug adapter VS Code talks to for a `wasp-evm` session: the protocol session of
// ./model/session.ts in the extension host itself (no process to start, so it runs in the web
// worker host too), its launch prepared by ./prepare.ts. Everything it holds goes when the session ends.
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ReplaySession } from './model/session';
import { prepareReplay, type PrepareDeps } from './prepare';

export function createDebugAdapter(deps: PrepareDeps): vscode.DebugAdapter {
  const emitter = new vscode.EventEmitter<vscode.DebugProtocolMessage>();
  const session = new ReplaySession((args, progress) => prepareReplay(deps, args, progress), vscode.l10n);
  const listening = session.onDidSendMessage((m) => emitter.fire(m));
  return {
    onDidSendMessage: emitter.event,
    handleMessage: (m) => session.handleMessage(m as DebugProtocol.ProtocolMessage),
    dispose: () => {
      session.dispose();
      listening.dispose();
      emitter.dispose();
    },
  };
}
