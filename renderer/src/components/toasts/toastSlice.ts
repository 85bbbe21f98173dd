import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** Toast rules of spec 000 §4 and §9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_HOTKEY = 'F8';
export const TOAST_MAX_WIDTH_PX = 420;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

interface ToastState {
  items: ToastItem[];
}

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<ToastItem>) {
        state.items = [action.payload, ...state.items].slice(0, TOAST_LIMIT);
      },
      prepare(input: ToastInput) {
        return { payload: { ...input, id: nanoid(), variant: input.variant ?? 'default', open: true } };
      },
    },
    /** Closes one toast, or all without an id; closed toasts leave the list after TOAST_REMOVE_DELAY_MS. */
    dismissToast(state, action: PayloadAction<string | undefined>) {
      for (const item of state.items) if (!action.payload || item.id === action.payload) item.open = false;
    },
    removeToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
});

export const { showToast, dismissToast, removeToast } = toastSlice.actions;

export const selectToasts = (state: { toasts: ToastState }) => state.toasts.items;
