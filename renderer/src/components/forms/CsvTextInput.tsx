import { useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';

/** Longer text is shown cut and read-only; the whole of it is kept and sent. */
const SHOWN_CHARACTERS = 20_000;

/** The CSV an import dialog holds: its text, and the chosen file's name (null for pasted or typed text). */
export function useCsvText() {
  const [csv, setCsv] = useState<{ text: string; fileName: string | null }>({ text: '', fileName: null });
  return {
    ...csv,
    empty: csv.text.trim() === '',
    asFile: () => new Blob([csv.text], { type: 'text/csv' }),
    change: (text: string, fileName: string | null) => setCsv({ text, fileName }),
    clear: () => setCsv({ text: '', fileName: null }),
  };
}

interface CsvTextInputProps {
  csv: ReturnType<typeof useCsvText>;
  /** After each new text, chosen or typed (to drop what was learnt of the last one). */
  onChanged: () => void;
  placeholder: string;
  disabled?: boolean;
}

/** A CSV to import: a chosen file, or text pasted below the button (where a chosen file's text shows too). */
export function CsvTextInput({ csv, onChanged, placeholder, disabled = false }: CsvTextInputProps) {
  const { text, fileName } = csv;
  const onChange = (next: string, file: string | null) => {
    csv.change(next, file);
    onChanged();
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChange(await file.text(), file.name);
  };
  const long = text.length > SHOWN_CHARACTERS;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
          Choose CSV File
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => void onFile(event)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }} data-testid="csv-file-name">
          {fileName ?? 'Or paste the CSV below.'}
        </Typography>
      </Stack>
      <TextField
        label="CSV"
        multiline
        minRows={4}
        maxRows={10}
        value={long ? `${text.slice(0, SHOWN_CHARACTERS)}\n…` : text}
        onChange={(event) => onChange(event.target.value, null)}
        placeholder={placeholder}
        slotProps={{ htmlInput: { readOnly: long || disabled, spellCheck: false } }}
      />
    </>
  );
}
