import { createTheme } from '@mui/material/styles';

const fontFamily = [
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * Light and dark schemes; the system preference decides, as it does whether things move. Every control shows a clear
 * keyboard focus ring (MUI's own: 2px in the primary colour, set off by 2px).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  focusVisible: true,
  motion: { reducedMotion: 'system' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#2F5BEA', dark: '#1E44C4', light: '#6C8CF5', contrastText: '#FFFFFF' },
        secondary: { main: '#0B7A6D', contrastText: '#FFFFFF' },
        error: { main: '#D93B3B' },
        warning: { main: '#A35D00' },
        success: { main: '#137A41' },
        background: { default: '#F5F7FB', paper: '#FFFFFF' },
        text: { primary: '#0F172A', secondary: '#556074' },
        divider: '#E3E8F0',
      },
    },
    dark: {
      palette: {
        primary: { main: '#7C9BFF', contrastText: '#0B1020' },
        secondary: { main: '#2DD4BF' },
        background: { default: '#0B1020', paper: '#121A2E' },
        divider: '#24304A',
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h4: { fontWeight: 700, fontSize: '1.75rem', letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 8 } } },
    MuiPaper: { styleOverrides: { outlined: { borderRadius: 12 } } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: 12 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    // A disabled field's help (while a form saves, or a choice not open yet) must still be readable: MUI's disabled
    // grey is below WCAG AA contrast, and the words still matter.
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme: current }) => ({
          '&.Mui-disabled': { color: (current.vars ?? current).palette.text.secondary },
        }),
      },
    },
  },
});
