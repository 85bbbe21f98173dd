import type { AvailablePhoneNumber } from '@shared/api/phone-numbers.types';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CallIcon from '@mui/icons-material/Call';
import PublicIcon from '@mui/icons-material/Public';
import SmsIcon from '@mui/icons-material/Sms';

/** "Locality, Region" of a search result, or what there is of it. */
export function placeOf(number: AvailablePhoneNumber): string {
  return [number.locality, number.region].filter(Boolean).join(', ') || 'Location not listed';
}

/** The country badge and the Voice and SMS badges of a search result (spec 000 §2). */
export function NumberBadges({ number }: { number: AvailablePhoneNumber }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
      <Chip size="small" icon={<PublicIcon />} label={number.isoCountry} aria-label={`Country ${number.isoCountry}`} />
      {number.capabilities.voice && (
        <Chip size="small" color="primary" variant="outlined" icon={<CallIcon />} label="Voice" />
      )}
      {number.capabilities.SMS && (
        <Chip size="small" color="secondary" variant="outlined" icon={<SmsIcon />} label="SMS" />
      )}
    </Box>
  );
}
