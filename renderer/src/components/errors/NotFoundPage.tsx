import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useAppSelector } from '../../core/hooks';
import { selectSessionStatus } from '../../core/sessionSlice';
import { ErrorScreen } from './ErrorScreen';

/** The fallback screen for unknown paths (spec 001 §2). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const framed = useAppSelector(selectSessionStatus) === 'authenticated';
  return (
    <ErrorScreen
      fullPage={!framed}
      icon={<TravelExploreIcon />}
      title="404 — Page not found"
      message="The page you are looking for doesn't exist or has been moved."
      actions={
        <>
          <Button variant="outlined" onClick={() => navigate(-1)}>
            Go Back
          </Button>
          <Button variant="contained" component={RouterLink} to="/">
            Go to Dashboard
          </Button>
        </>
      }
    />
  );
}
