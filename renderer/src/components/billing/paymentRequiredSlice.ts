import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface PaymentRequiredState {
  open: boolean;
  billingStatus: string | null;
  message: string | null;
}

const initialState: PaymentRequiredState = { open: false, billingStatus: null, message: null };

/** The Payment Required dialog (spec 000 §2): opened by any 402 that carries requiresPayment. */
export const paymentRequiredSlice = createSlice({
  name: 'paymentRequired',
  initialState,
  reducers: {
    paymentRequired(state, action: PayloadAction<{ billingStatus: string | null; message: string | null }>) {
      state.open = true;
      state.billingStatus = action.payload.billingStatus;
      state.message = action.payload.message;
    },
    paymentDialogClosed(state) {
      state.open = false;
    },
  },
});

export const { paymentRequired, paymentDialogClosed } = paymentRequiredSlice.actions;

export const selectPaymentRequired = (state: { paymentRequired: PaymentRequiredState }) => state.paymentRequired;
