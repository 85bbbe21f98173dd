import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import {
  dismissToast,
  removeToast,
  selectToasts,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_MAX_WIDTH_PX,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
} from './toastSlice';

/** The toast area of spec 000 §4 and §9: one toast at a time, F8 to reach it, swipe right to dismiss. */
export function ToastViewport() {
  const items = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const viewportRef = useRef<HTMLOListElement>(null);
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      const first = viewportRef.current?.querySelector<HTMLElement>('[data-toast]');
      (first ?? viewportRef.current)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const timers = removalTimers.current;
    for (const item of items) {
      if (item.open || timers.has(item.id)) continue;
      timers.set(
        item.id,
        setTimeout(() => {
          timers.delete(item.id);
          dispatch(removeToast(item.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }, [items, dispatch]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  return (
    <Box
      component="ol"
      ref={viewportRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        top: { xs: 0, sm: 'auto' },
        bottom: { sm: 0 },
        right: 0,
        width: '100%',
        maxWidth: { sm: TOAST_MAX_WIDTH_PX },
        m: 0,
        p: 2,
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        pointerEvents: 'none',
        outline: 'none',
      })}
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
    </Box>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const dispatch = useAppDispatch();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(TOAST_DURATION_MS);
  const [swiping, setSwiping] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const paused = hovered || focused || swiping;

  useEffect(() => {
    if (!item.open || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dispatch(dismissToast(item.id)), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [item.open, item.id, paused, dispatch]);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    setSwiping(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    setSwiping(false);
    if (distance > TOAST_SWIPE_THRESHOLD_PX) dispatch(dismissToast(item.id));
    else setOffset(0);
  };

  const destructive = item.variant === 'destructive';
  return (
    <Fade in={item.open} appear unmountOnExit>
      <Paper
        component="li"
        data-toast=""
        tabIndex={0}
        elevation={6}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') dispatch(dismissToast(item.id));
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={(theme) => ({
          pointerEvents: 'auto',
          touchAction: 'pan-y',
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          p: 2,
          pr: 1,
          borderRadius: 2,
          border: 1,
          borderColor: destructive ? 'error.dark' : 'divider',
          bgcolor: destructive ? 'error.main' : 'background.paper',
          color: destructive ? 'error.contrastText' : 'text.primary',
          transform: `translateX(${offset}px)`,
          opacity: offset ? Math.max(0.2, 1 - offset / 200) : 1,
          transition: !swiping ? theme.transitions.create(['transform', 'opacity']) : 'none',
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        })}
      >
        {destructive ? (
          <ErrorOutlineIcon fontSize="small" sx={{ mt: 0.25 }} />
        ) : (
          <NotificationsNoneIcon fontSize="small" color="primary" sx={{ mt: 0.25 }} />
        )}
        {/* The live region is inside the list item: an <li> with a role of its own would leave the list. */}
        <Box role={destructive ? 'alert' : 'status'} aria-atomic="true" sx={{ flex: 1, minWidth: 0 }}>
          {item.title && (
            <Typography variant="subtitle2" component="div" sx={{ fontWeight: 600 }}>
              {item.title}
            </Typography>
          )}
          {item.description && (
            <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {item.description}
            </Typography>
          )}
        </Box>
        <IconButton
          size="small"
          aria-label="Close notification"
          onClick={() => dispatch(dismissToast(item.id))}
          sx={{ color: 'inherit', mt: -0.5 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Paper>
    </Fade>
  );
}
