// Workspace records held in memory for the record readers' tests: a ScanIo that counts each open.
import type { ScanFile, ScanIo } from '../../../../src/workspace/model/scan';

/** Records in memory by label, each opened counted. */
export function memoryIo(texts: Map<string, string>): { io: ScanIo<string>; opened: string[] } {
  const opened: string[] = [];
  const io: ScanIo<string> = {
    open: async (f) => {
      opened.push(f.label);
      const bytes = new TextEncoder().encode(texts.get(f.label) ?? '');
      return {
        size: bytes.length,
        chunks: (async function* () {
          yield bytes;
        })(),
        close: async () => undefined,
      };
    },
  };
  return { io, opened };
}

/** A workspace file known by its label alone. */
export const fileOf = (label: string): ScanFile<string> => ({ uri: label, folder: '', key: label, label });
