// The workspace's address book (model/deployments.ts): read from the deployment records when a call
// tree first needs names, and again after a record changes or the user's labels change.
import * as vscode from 'vscode';
import { Settings } from '../constants';
import {
  DEPLOYMENT_EXCLUDE_GLOB,
  DEPLOYMENT_INCLUDE_GLOB,
  DEPLOYMENT_SCAN_LIMITS,
  isDeploymentPath,
  readAddressBook,
  userLabels,
  type AddressBook,
} from './model/deployments';
import { WatchedRecords } from './watchedRecords';

export function workspaceAddressBook(log: vscode.LogOutputChannel): WatchedRecords<AddressBook> {
  return new WatchedRecords(
    {
      what: 'Deployment records',
      include: DEPLOYMENT_INCLUDE_GLOB,
      exclude: DEPLOYMENT_EXCLUDE_GLOB,
      maxFiles: DEPLOYMENT_SCAN_LIMITS.maxFiles,
      isPath: isDeploymentPath,
      settings: [`${Settings.section}.${Settings.addressLabels}`],
      read: async (files, io) => {
        // Settings are as untrusted as the records: the label setting is restricted, so an untrusted workspace's own labels are not read.
        const user = userLabels(vscode.workspace.getConfiguration(Settings.section).get<unknown>(Settings.addressLabels));
        const { book, read, unread } = await readAddressBook(files, io, user);
        return { value: book, summary: `Address book: ${book.size} names from ${read} deployment records and the settings (${unread} not read)` };
      },
    },
    log,
  );
}
