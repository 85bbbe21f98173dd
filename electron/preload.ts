import { contextBridge, ipcRenderer } from 'electron';
import { exposeDesktopBridge } from './preload/desktop-bridge';

exposeDesktopBridge(contextBridge, ipcRenderer, process.argv);
