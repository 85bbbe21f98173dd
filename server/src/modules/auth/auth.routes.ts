import Router from '@koa/router';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@shared/schemas/auth.schema';
import type { AppDeps } from '../../app-deps';
import {
  createAccessTokenSigner,
  type AppContext,
  type AppState,
  type Guards,
  authOf,
} from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import { createAuthService, type RequestMeta } from './auth.service';

const FORGOT_PASSWORD_ANSWER = 'If an account exists for that e-mail, we have sent password reset instructions.';

function metaOf(ctx: AppContext): RequestMeta {
  return { ip: ctx.ip, requestId: ctx.state.requestId };
}

export function authRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const service = createAuthService(deps, createAccessTokenSigner(deps));
  const router = new Router<AppState>();

  router.post('/auth/custom/login', async (ctx) => {
    ctx.body = await service.login(await validate(loginSchema, ctx.request.body), metaOf(ctx));
  });

  router.post('/auth/custom/register', async (ctx) => {
    ctx.status = 201;
    ctx.body = await service.register(await validate(registerSchema, ctx.request.body), metaOf(ctx));
  });

  router.post('/auth/custom/refresh', async (ctx) => {
    const { refreshToken } = await validate(refreshSchema, ctx.request.body);
    ctx.body = await service.refresh(refreshToken, metaOf(ctx));
  });

  router.post('/auth/custom/forgot-password', async (ctx) => {
    await service.forgotPassword(await validate(forgotPasswordSchema, ctx.request.body), metaOf(ctx));
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
  });

  router.post('/auth/custom/reset-password', async (ctx) => {
    await service.resetPassword(await validate(resetPasswordSchema, ctx.request.body), metaOf(ctx));
    ctx.body = { message: 'Your password has been reset. You can now sign in.' };
  });

  router.post('/auth/verify-email', async (ctx) => {
    const { token } = await validate(verifyEmailSchema, ctx.request.body);
    await service.verifyEmail(token, metaOf(ctx));
    ctx.body = { message: 'Your e-mail address has been verified.' };
  });

  router.post('/auth/resend-verification', guards.authenticate, async (ctx) => {
    await service.resendVerification(authOf(ctx).userId);
    ctx.body = { message: 'We have sent you a new verification e-mail.' };
  });

  router.post('/auth/logout', guards.authenticate, async (ctx) => {
    const { refreshToken } = await validate(logoutSchema, ctx.request.body);
    await service.logout(authOf(ctx), refreshToken, metaOf(ctx));
    ctx.body = { message: 'Logged out' };
  });

  router.get('/auth/status', guards.authenticate, async (ctx) => {
    ctx.body = await service.currentUser(authOf(ctx).userId);
  });

  return router;
}
