import { Route } from 'react-router'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ContinueWithSsoPage } from './continue-with-sso-page'
import { ForgotPasswordPage } from './forgot-password-page'
import { ResetPasswordPage } from './reset-password-page'
import { SignInPage } from './sign-in-page'
import { SignUpPage } from './sign-up-page'

export const authRoutes: FeatureRoutes = {
  auth: (
    <>
      <Route path={routes.signIn} element={<SignInPage />} />
      <Route path={routes.signUp} element={<SignUpPage />} />
      <Route path={routes.continueWithSso} element={<ContinueWithSsoPage />} />
      <Route path={routes.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={routes.resetPassword} element={<ResetPasswordPage />} />
    </>
  ),
}
