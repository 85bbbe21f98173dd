import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDraft } from '@shared/api/contact-drafts.types';
import { registerIpcHandlers } from '../ipc/ipc-handlers';
import { nodeFileSystem, type StoreFileSystem } from '../storage/atomic-file';
import { fakeIpcMain, frameEvent } from '../testing/electron-fakes';
import { createDraftStore } from './draft-store';
import { draftHandlers } from './drafts.ipc';

const OWNER = { userId: 'u-1', tenantId: 't-1' };

function draft(overrides: Partial<ContactDraft> = {}): ContactDraft {
  return {
    campaignId: 'c-1',
    campaignName: 'Winter renewals',
    userId: OWNER.userId,
    tenantId: OWNER.tenantId,
    createdAt: '2026-11-23T20:00:00.000Z',
    updatedAt: '2026-11-23T20:05:00.000Z',
    pendingSyncKey: null,
    rows: [
      {
        key: 'k-1',
        contactId: 'ct-1',
        baseVersion: 3,
        phoneNumber: '+64211234567',
        metadata: { name: 'Aroha' },
        change: 'update',
        problem: null,
      },
      {
        key: 'k-2',
        contactId: null,
        baseVersion: null,
        phoneNumber: '+6421',
        metadata: {},
        change: 'create',
        problem: { kind: 'invalid', message: 'Invalid phone number format' },
      },
      {
        key: 'k-3',
        contactId: 'ct-3',
        baseVersion: 1,
        phoneNumber: '+64211112222',
        metadata: {},
        change: 'none',
        problem: null,
      },
    ],
    ...overrides,
  };
}

describe('draft store', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-drafts-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const draftsFolder = () => path.join(root, 't-1', 'u-1', 'drafts');
  const ref = { owner: OWNER, campaignId: 'c-1' };

  it('keeps one file per tenant, user and campaign, and lists them with their changed rows', async () => {
    const store = createDraftStore({ root });
    await store.save(draft());
    await store.save(draft({ campaignId: 'c-2', campaignName: 'Spring', rows: [] }));
    await store.save(draft({ userId: 'u-2' }));

    expect(fs.readdirSync(draftsFolder()).sort()).toEqual(['c-1.json', 'c-2.json']);
    expect(await store.load(ref)).toEqual(draft());
    expect(await store.list(OWNER)).toEqual([
      { campaignId: 'c-1', campaignName: 'Winter renewals', updatedAt: '2026-11-23T20:05:00.000Z', changedRows: 2 },
      { campaignId: 'c-2', campaignName: 'Spring', updatedAt: '2026-11-23T20:05:00.000Z', changedRows: 0 },
    ]);
    expect(await store.list({ userId: 'u-2', tenantId: 't-1' })).toHaveLength(1);
    expect(await store.list({ userId: 'u-1', tenantId: 't-2' })).toEqual([]);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(draftsFolder(), 'c-1.json')).mode & 0o077).toBe(0);
  });

  it('answers null for no draft, and removes one', async () => {
    const store = createDraftStore({ root });
    expect(await store.load(ref)).toBeNull();
    await store.save(draft());
    await store.remove(ref);
    expect(await store.load(ref)).toBeNull();
    await expect(store.remove(ref)).resolves.toBeUndefined();
  });

  it('keeps the last save when many arrive at once', async () => {
    const store = createDraftStore({ root });
    const saves = Array.from({ length: 20 }, (_, index) =>
      store.save(draft({ updatedAt: `2026-11-23T20:${String(index).padStart(2, '0')}:00.000Z` })),
    );
    await Promise.all(saves);
    expect((await store.load(ref))?.updatedAt).toBe('2026-11-23T20:19:00.000Z');
    expect(fs.readdirSync(draftsFolder())).toEqual(['c-1.json']);
  });

  it('loses nothing acknowledged when the process dies between writing and renaming', async () => {
    await createDraftStore({ root }).save(draft());

    // The next save dies after its temporary file is written and flushed, before the rename: as a crash would.
    const crash = new Error('killed');
    const dying: StoreFileSystem = { ...nodeFileSystem, rename: vi.fn(async () => Promise.reject(crash)) };
    const changed = draft({ rows: [], updatedAt: '2026-11-23T21:00:00.000Z' });
    await expect(createDraftStore({ root, files: dying }).save(changed)).rejects.toBe(crash);

    // After the restart: the last acknowledged draft, whole.
    const restarted = createDraftStore({ root });
    expect(await restarted.load(ref)).toEqual(draft());
    expect(await restarted.list(OWNER)).toHaveLength(1);

    // The next save of that draft clears what the crash left.
    await restarted.save(changed);
    expect(await restarted.load(ref)).toEqual(changed);
    expect(fs.readdirSync(draftsFolder()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('loses nothing acknowledged when a real process is killed (SIGKILL) between writing and renaming, and the next save clears its leftover', async () => {
    await createDraftStore({ root }).save(draft());
    const changed = draft({ rows: [], updatedAt: '2026-11-23T21:00:00.000Z' });
    const child = fork(
      path.join(import.meta.dirname, '../testing/draft-save-until-rename.ts'),
      [root, JSON.stringify(changed)],
      {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the saving process ended early (${code})`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // The new content was written and flushed under a temporary name; the acknowledged draft is intact and listed.
    expect(fs.readdirSync(draftsFolder()).filter((name) => name.endsWith('.tmp'))).toHaveLength(1);
    const restarted = createDraftStore({ root });
    expect(await restarted.load(ref)).toEqual(draft());
    expect(await restarted.list(OWNER)).toHaveLength(1);

    // The next save of that draft clears what the crash left.
    await restarted.save(changed);
    expect(await restarted.load(ref)).toEqual(changed);
    expect(fs.readdirSync(draftsFolder()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('never leaves a half-written file when the write itself fails', async () => {
    await createDraftStore({ root }).save(draft());
    const failing: StoreFileSystem = {
      ...nodeFileSystem,
      open: (async (file: string, flags: string, mode?: number) => {
        const handle = await nodeFileSystem.open(file, flags, mode);
        if (flags !== 'wx') return handle;
        return Object.assign(Object.create(handle) as typeof handle, {
          writeFile: async (text: string) => {
            await handle.writeFile(text.slice(0, 10));
            throw new Error('ENOSPC: no space left on device');
          },
          close: () => handle.close(),
        });
      }) as StoreFileSystem['open'],
    };
    await expect(createDraftStore({ root, files: failing }).save(draft({ rows: [] }))).rejects.toThrow(/ENOSPC/);
    expect(await createDraftStore({ root }).load(ref)).toEqual(draft());
  });

  it.each([
    ['broken JSON', '{"campaignId":"c-1","rows":[{"key":'],
    ['a file that is not a draft', JSON.stringify({ hello: 'world' })],
    ['an empty file', ''],
    ['another user’s draft', JSON.stringify(draft({ userId: 'u-9' }))],
  ])('moves %s aside, reports it and never empties it', async (_name, content) => {
    fs.mkdirSync(draftsFolder(), { recursive: true });
    fs.writeFileSync(path.join(draftsFolder(), 'c-1.json'), content);
    const onCorrupt = vi.fn();
    const store = createDraftStore({ root, onCorrupt, now: () => new Date('2026-11-23T21:30:00.000Z') });

    await expect(store.load(ref)).rejects.toMatchObject({
      code: 'DRAFT_CORRUPT',
      message: expect.stringContaining('c-1.corrupt-2026-11-23T21-30-00-000Z.json') as string,
    });
    const keptAs = path.join(draftsFolder(), 'c-1.corrupt-2026-11-23T21-30-00-000Z.json');
    expect(fs.readFileSync(keptAs, 'utf8')).toBe(content);
    expect(onCorrupt).toHaveBeenCalledWith(path.join(draftsFolder(), 'c-1.json'), keptAs, expect.any(String));
    // Out of the way: the campaign can be drafted again, and the kept copy is not listed as a draft.
    expect(await store.load(ref)).toBeNull();
    expect(await store.list(OWNER)).toEqual([]);
  });

  it('lists the readable drafts when one is corrupt, moving that one aside', async () => {
    const onCorrupt = vi.fn();
    const store = createDraftStore({ root, onCorrupt });
    await store.save(draft({ campaignId: 'c-2' }));
    fs.writeFileSync(path.join(draftsFolder(), 'c-1.json'), 'garbage');
    expect((await store.list(OWNER)).map((each) => each.campaignId)).toEqual(['c-2']);
    expect(onCorrupt).toHaveBeenCalledOnce();
    expect(fs.readdirSync(draftsFolder()).filter((name) => name.startsWith('c-1.corrupt-'))).toHaveLength(1);
  });
});

describe('drafts:* channels', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-drafts-ipc-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function setup() {
    const ipcMain = fakeIpcMain();
    registerIpcHandlers(ipcMain, draftHandlers(createDraftStore({ root })), { onUnexpectedError: vi.fn() });
    return ipcMain;
  }

  it('saves, lists, loads and removes through IPC', async () => {
    const ipcMain = setup();
    const ref = { owner: OWNER, campaignId: 'c-1' };
    await expect(ipcMain.invoke('drafts:save', frameEvent(), draft())).resolves.toEqual({ ok: true, value: null });
    await expect(ipcMain.invoke('drafts:list', frameEvent(), OWNER)).resolves.toMatchObject({
      ok: true,
      value: [{ campaignId: 'c-1', changedRows: 2 }],
    });
    await expect(ipcMain.invoke('drafts:load', frameEvent(), ref)).resolves.toEqual({ ok: true, value: draft() });
    await expect(ipcMain.invoke('drafts:remove', frameEvent(), ref)).resolves.toEqual({ ok: true, value: null });
    await expect(ipcMain.invoke('drafts:load', frameEvent(), ref)).resolves.toEqual({ ok: true, value: null });
  });

  it.each([
    ['a campaign id that climbs out of its folder', { ...draft(), campaignId: '../../vault' }],
    ['a user id with a slash', { ...draft(), userId: 'u/1' }],
    ['an unknown field', { ...draft(), extra: true }],
    ['a row of the wrong shape', { ...draft(), rows: [{ key: 'k', phoneNumber: 1 }] }],
    ['an unknown change', { ...draft(), rows: [{ ...draft().rows[0], change: 'drop' }] }],
    ['a problem of another kind', { ...draft(), rows: [{ ...draft().rows[0], problem: { kind: 'x', message: 'm' } }] }],
    ['metadata that is not a map', { ...draft(), rows: [{ ...draft().rows[0], metadata: ['a'] }] }],
    ['too many rows', { ...draft(), rows: Array.from({ length: 50_001 }, () => draft().rows[2]) }],
  ])('refuses %s and writes nothing', async (_name, request) => {
    const ipcMain = setup();
    await expect(ipcMain.invoke('drafts:save', frameEvent(), request)).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_ARGUMENT' },
    });
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('refuses a path in the load and remove requests, and a foreign sender', async () => {
    const ipcMain = setup();
    for (const channel of ['drafts:load', 'drafts:remove']) {
      await expect(ipcMain.invoke(channel, frameEvent(), { owner: OWNER, campaignId: '..' })).resolves.toMatchObject({
        ok: false,
        error: { code: 'IPC_INVALID_ARGUMENT' },
      });
    }
    await expect(ipcMain.invoke('drafts:list', frameEvent('https://evil.test/'), OWNER)).resolves.toMatchObject({
      ok: false,
      error: { code: 'IPC_UNTRUSTED_SENDER' },
    });
  });

  it('tells the renderer about a corrupt draft by its code', async () => {
    const ipcMain = setup();
    fs.mkdirSync(path.join(root, 't-1', 'u-1', 'drafts'), { recursive: true });
    fs.writeFileSync(path.join(root, 't-1', 'u-1', 'drafts', 'c-1.json'), '{');
    await expect(
      ipcMain.invoke('drafts:load', frameEvent(), { owner: OWNER, campaignId: 'c-1' }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'DRAFT_CORRUPT' } });
  });
});
