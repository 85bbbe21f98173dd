import { desktopStatusSchema } from '@shared/schemas/desktop-ipc.schema';
import { INVOKE_CHANNELS } from '../ipc/ipc-channels';
import type { HandlerMap } from '../ipc/ipc-handlers';
import type { TrayController } from './tray-menu';

/** The renderer reports its connection state and active campaigns; the tray shows them. */
export function trayHandlers(tray: Pick<TrayController, 'update'>): HandlerMap {
  return {
    [INVOKE_CHANNELS.trayReport]: {
      schema: desktopStatusSchema,
      handle: (status) => {
        tray.update(status);
        return null;
      },
    },
  };
}
