/** The error catalogue of spec 000 §8: the message and title the client shows for each HTTP status. */
export interface CatalogueEntry {
  status: number;
  title: string;
  message: string;
  retryable: boolean;
}

const CATALOGUE: Record<number, Omit<CatalogueEntry, 'status'>> = {
  400: { title: 'Invalid Input', message: 'Please check your input and try again.', retryable: false },
  401: { title: 'Authentication Required', message: 'Please sign in to continue.', retryable: false },
  402: {
    title: 'Payment Required',
    message: 'Please update your payment method to continue using the service.',
    retryable: false,
  },
  403: { title: 'Access Denied', message: "You don't have permission to perform this action.", retryable: false },
  404: { title: 'Not Found', message: 'The requested item could not be found.', retryable: false },
  429: {
    title: 'Too Many Requests',
    message: 'Too many requests. Please wait a moment and try again.',
    retryable: true,
  },
};

const SERVER_ERROR = {
  title: 'Server Error',
  message: 'Server is temporarily unavailable. Please try again in a few moments.',
  retryable: true,
};

const UNEXPECTED = { title: 'Error', message: 'An unexpected error occurred. Please try again.' };

export function catalogueEntry(status: number): CatalogueEntry {
  const known = CATALOGUE[status];
  if (known) return { status, ...known };
  if (status >= 500 && status <= 504) return { status, ...SERVER_ERROR };
  return { status, ...UNEXPECTED, retryable: status >= 500 };
}
