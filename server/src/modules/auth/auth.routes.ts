import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
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
import { createApiRouter } from '../../http/api-router';
import { type AppState, type Guards, authOf, requestMetaOf } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const FORGOT_PASSWORD_ANSWER = 'If an account exists for that e-mail, we have sent password reset instructions.';
const REGISTRATION_ANSWER = 'Check your e-mail to continue: we have sent a message to that address.';

export function authRoutes(_deps: AppDeps, guards: Guards, { auth: service }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.auth.login, 'POST', async (ctx) => {
    ctx.body = await service.login(await validate(loginSchema, ctx.request.body), requestMetaOf(ctx));
  });

  router.handle(apiRoutes.auth.register, 'POST', async (ctx) => {
    await service.register(await validate(registerSchema, ctx.request.body), requestMetaOf(ctx));
    ctx.status = 202;
    ctx.body = { message: REGISTRATION_ANSWER };
  });

  router.handle(apiRoutes.auth.refresh, 'POST', async (ctx) => {
    const { refreshToken } = await validate(refreshSchema, ctx.request.body);
    ctx.body = await service.refresh(refreshToken, requestMetaOf(ctx));
  });

  router.handle(apiRoutes.auth.forgotPassword, 'POST', async (ctx) => {
    await service.forgotPassword(await validate(forgotPasswordSchema, ctx.request.body), requestMetaOf(ctx));
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
  });

  router.handle(apiRoutes.auth.resetPassword, 'POST', async (ctx) => {
    await service.resetPassword(await validate(resetPasswordSchema, ctx.request.body), requestMetaOf(ctx));
    ctx.body = { message: 'Your password has been reset. You can now sign in.' };
  });

  router.handle(apiRoutes.auth.verifyEmail, 'POST', async (ctx) => {
    const { token } = await validate(verifyEmailSchema, ctx.request.body);
    await service.verifyEmail(token, requestMetaOf(ctx));
    ctx.body = { message: 'Your e-mail address has been verified.' };
  });

  router.handle(apiRoutes.auth.resendVerification, 'POST', async (ctx) => {
    await service.resendVerification(authOf(ctx).userId, requestMetaOf(ctx));
    ctx.body = { message: 'We have sent you a new verification e-mail.' };
  });

  router.handle(apiRoutes.auth.logout, 'POST', async (ctx) => {
    const { refreshToken } = await validate(logoutSchema, ctx.request.body);
    await service.logout(authOf(ctx), refreshToken, requestMetaOf(ctx));
    ctx.body = { message: 'Logged out' };
  });

  router.handle(apiRoutes.auth.status, 'GET', async (ctx) => {
    ctx.body = await service.currentUser(authOf(ctx).userId);
  });

  return router;
}
