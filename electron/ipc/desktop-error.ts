import type { DesktopErrorCode } from '@shared/schemas/desktop-ipc.schema';

/** A failure the renderer may act on; its code crosses the bridge, anything else becomes an internal error. */
export class DesktopError extends Error {
  constructor(
    readonly code: DesktopErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DesktopError';
  }
}
