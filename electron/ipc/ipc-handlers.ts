import { ValidationError } from 'yup';
import { isAppUrl } from '../app-origin';
import { DesktopError } from './desktop-error';
import type { InvokeChannel, InvokeContract, IpcFailure, IpcResult } from './ipc-channels';

/** The parts of an `IpcMainInvokeEvent` the handlers read. */
export interface InvokeEventLike {
  senderFrame: { url: string; parent: unknown } | null;
  sender: { id: number };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Anything with yup's `validate`: the shared schemas. */
export interface ArgumentSchema<T> {
  validate(value: unknown): Promise<T>;
}

type Argument<C extends InvokeChannel> = InvokeContract[C]['argument'];
type Answer<C extends InvokeChannel> = InvokeContract[C]['answer'];

/** One request channel: how its argument is checked (null when it takes none) and what it does. */
export interface HandlerDefinition<C extends InvokeChannel> {
  schema: Argument<C> extends undefined ? null : ArgumentSchema<Argument<C>>;
  handle(argument: Argument<C>, event: InvokeEventLike): Answer<C> | Promise<Answer<C>>;
}

export type HandlerMap = { [C in InvokeChannel]?: HandlerDefinition<C> };

export interface RegisterOptions {
  /** Errors that are not DesktopErrors: logged here, reported to the renderer without detail. */
  onUnexpectedError(channel: InvokeChannel, error: unknown): void;
}

/** Only the top frame of a page served from app://parley may use the bridge; embedded frames and other origins may not. */
export function isTrustedSender(event: InvokeEventLike): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** Registers one handler per channel, each checking its sender and argument before it runs; returns the undo. */
export function registerIpcHandlers(ipcMain: IpcMainLike, handlers: HandlerMap, options: RegisterOptions): () => void {
  const channels = Object.keys(handlers) as InvokeChannel[];
  for (const channel of channels) {
    const definition = handlers[channel] as HandlerDefinition<InvokeChannel>;
    ipcMain.handle(channel, (event, ...args) => run(channel, definition, event, args, options));
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

async function run(
  channel: InvokeChannel,
  definition: HandlerDefinition<InvokeChannel>,
  event: InvokeEventLike,
  args: unknown[],
  options: RegisterOptions,
): Promise<IpcResult<unknown>> {
  if (!isTrustedSender(event)) {
    return failure({ code: 'IPC_UNTRUSTED_SENDER', message: 'This page may not use the desktop bridge.' });
  }
  let argument: unknown;
  try {
    argument = await parseArgument(definition.schema, args);
  } catch (error) {
    return failure({ code: 'IPC_INVALID_ARGUMENT', message: invalidArgumentMessage(error) });
  }
  try {
    return { ok: true, value: await definition.handle(argument as never, event) };
  } catch (error) {
    if (error instanceof DesktopError) return failure({ code: error.code, message: error.message });
    options.onUnexpectedError(channel, error);
    return failure({ code: 'DESKTOP_INTERNAL_ERROR', message: 'The desktop app could not complete the request.' });
  }
}

async function parseArgument(schema: ArgumentSchema<unknown> | null, args: unknown[]): Promise<unknown> {
  if (schema === null) {
    if (args.length > 0) throw new DesktopError('IPC_INVALID_ARGUMENT', 'This request takes no argument.');
    return undefined;
  }
  if (args.length !== 1) throw new DesktopError('IPC_INVALID_ARGUMENT', 'This request takes exactly one argument.');
  return schema.validate(args[0]);
}

function invalidArgumentMessage(error: unknown): string {
  if (error instanceof ValidationError) return error.errors.join('; ');
  return error instanceof Error ? error.message : 'The argument is not valid.';
}

function failure(error: IpcFailure): IpcResult<never> {
  return { ok: false, error };
}
