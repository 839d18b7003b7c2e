// The ABI scan's reads of local files (file: URIs) through Node's fs, which can enforce what
// vscode.workspace.fs cannot: the file search follows links, and readFile of a link to /dev/zero
// or /proc/self/pagemap (size 0 by stat) reads until memory runs out. Here a candidate is resolved
// to its real path (links in any segment), refused unless that path stays inside its workspace
// folder on an ABI path (model/scan.ts realPathRefusal), opened without following a last link and
// without blocking on a FIFO, refused unless the open file is a regular file, and read in chunks
// that the scan stops at its byte cap (model/scanGuard.ts readCapped). Runs in plain Node too.
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { realPathRefusal, type PathRule, type ScanFile, type ScanIo } from './model/scan';
import { typeRefusal, type OpenOutcome } from './model/scanGuard';

const CHUNK_BYTES = 64 * 1024;
// O_NOFOLLOW and O_NONBLOCK do not exist on Windows (there `constants` leaves them out).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Opens the file at `path`, a candidate in the workspace folder at `folderPath` (both absolute), on a path `reads` accepts (ABIs by default). */
export async function openWorkspaceFile(folderPath: string, path: string, reads?: PathRule): Promise<OpenOutcome> {
  const [folderReal, real] = await Promise.all([realpath(folderPath), realpath(path)]);
  const refusal = realPathRefusal(folderReal, real, reads);
  if (refusal) return { refused: refusal };
  const handle = await open(real, OPEN_FLAGS);
  let size: number;
  try {
    const stat = await handle.stat();
    const notFile = typeRefusal({ file: stat.isFile(), link: stat.isSymbolicLink() });
    if (notFile) {
      await handle.close();
      return { refused: notFile };
    }
    size = stat.size;
  } catch (e) {
    await handle.close();
    throw e;
  }
  return { size, chunks: chunksOf(handle), close: () => handle.close() };
}

async function* chunksOf(handle: FileHandle): AsyncGenerator<Uint8Array> {
  for (;;) {
    const buffer = new Uint8Array(CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** The scan's IO over local paths: `uri` and `folder` are absolute file-system paths. */
export const nodeScanIo: ScanIo<string> = {
  open: (file: ScanFile<string>) => openWorkspaceFile(file.folder, file.uri),
};
