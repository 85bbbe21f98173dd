import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { isAllowedExternalUrl } from './external-links';
import { guardNavigation } from './navigation-guard';

function guarded() {
  const contents = Object.assign(new EventEmitter(), {
    openHandler: null as null | ((details: { url: string }) => { action: 'deny' }),
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
      contents.openHandler = handler;
    },
  });
  const openExternal = vi.fn();
  guardNavigation(contents, { isAllowedExternalUrl, openExternal });
  const navigate = (event: 'will-navigate' | 'will-redirect', url: string) => {
    const preventDefault = vi.fn();
    contents.emit(event, { preventDefault }, url);
    return preventDefault.mock.calls.length > 0;
  };
  return { contents, openExternal, navigate };
}

describe('navigation guard', () => {
  it.each(['will-navigate', 'will-redirect'] as const)('%s: stays within app://parley', (event) => {
    const { navigate, openExternal } = guarded();
    expect(navigate(event, 'app://parley/campaigns')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each(['will-navigate', 'will-redirect'] as const)('%s: blocks a foreign origin', (event) => {
    const { navigate, openExternal } = guarded();
    for (const url of ['https://evil.test/', 'http://127.0.0.1:3000/', 'file:///etc/passwd', 'app://evil/']) {
      expect(navigate(event, url)).toBe(true);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends an allowlisted link to the system instead of navigating', () => {
    const { navigate, openExternal } = guarded();
    expect(navigate('will-navigate', 'mailto:support@parley.example?subject=Billing%20support')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('mailto:support@parley.example?subject=Billing%20support');
  });

  it('denies every new window, opening only allowlisted links outside', () => {
    const { contents, openExternal } = guarded();
    expect(contents.openHandler?.({ url: 'https://evil.test/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://parley/other' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'https://billing.stripe.com/p/session/x' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://billing.stripe.com/p/session/x');
  });

  it('refuses to attach a webview', () => {
    const { contents } = guarded();
    const preventDefault = vi.fn();
    contents.emit('will-attach-webview', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });
});
