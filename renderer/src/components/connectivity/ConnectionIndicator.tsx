import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { useAppSelector } from '../../core/hooks';
import { selectConnectionStatus } from './connectivitySlice';

/** 'Online', 'Offline' or 'Disconnected' (spec 000 §2, phone numbers). */
export function ConnectionIndicator() {
  const status = useAppSelector(selectConnectionStatus);
  const icon = status === 'Online' ? <CloudDoneIcon /> : status === 'Offline' ? <WifiOffIcon /> : <CloudOffIcon />;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={status}
      color={status === 'Online' ? 'success' : status === 'Offline' ? 'warning' : 'error'}
    />
  );
}
