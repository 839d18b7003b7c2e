// What the in-host scenarios of `npm run bench` (bench/host.ts and the files it runs) share: the
// document of planted IDs and its hovers, closing editors, waiting with a bound.
import * as vscode from 'vscode';

export type ChainSetting = { name: string; nodeUrl: string; chainId?: string };

export function idDocument(ids: string[]): Promise<vscode.TextDocument> {
  return Promise.resolve(
    vscode.workspace.openTextDocument({ content: ids.map((id, i) => `const request${i} = '${id}'; // planted`).join('\n'), language: 'plaintext' }),
  );
}

/** Inside the ID on line i of idDocument. */
export const idPosition = (i: number) => new vscode.Position(i, `const request${i} = '`.length + 10);

export function hoverText(h: vscode.Hover | undefined): string {
  return (h?.contents ?? []).map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n');
}

export function expectFound(h: vscode.Hover | undefined, what: string): void {
  const text = hoverText(h);
  if (!text.includes('Request succeeded')) throw new Error(`bench: ${what}: the hover did not show the receipt: ${text.slice(0, 300)}`);
}

export async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
