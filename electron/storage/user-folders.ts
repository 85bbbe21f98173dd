import path from 'node:path';
import type { DraftOwner } from '@shared/api/desktop-bridge';

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** A folder of one user in one tenant under `root`; the ids were checked by the IPC schemas, and again here. */
export function userFolder(root: string, owner: DraftOwner): string {
  return path.join(root, safeSegment(owner.tenantId), safeSegment(owner.userId));
}

/** An id as a file or folder name: letters, digits, '-' and '_' only, so it can never leave its folder. */
export function safeSegment(id: string): string {
  if (!SEGMENT.test(id)) throw new Error(`Not a storable id: ${JSON.stringify(id.slice(0, 80))}`);
  return id;
}
