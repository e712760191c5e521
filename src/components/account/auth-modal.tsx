'use client';

import type { User } from '@/client/accounts';
import { ModalDialog, type ModalProps } from '@/components/ui/modal-dialog';
import styles from './auth-modal.module.css';
import type { AuthTab } from './auth-tab';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

type AuthModalProps = {
  open: boolean;
  initialTab: AuthTab;
  onOpenChange: (open: boolean) => void;
  onLoggedIn: (user: User) => void;
  forgotPasswordUrl: string;
  returnFocus: ModalProps['returnFocus'];
};

/**
 * The login and registration modal: two halves, 'Se connecter' and 'Créer un compte'. The account provider loads
 * it on demand, so it takes the Radix dialog directly rather than through Modal's own on-demand load: one chunk,
 * one round trip.
 */
export function AuthModal({
  open,
  initialTab,
  onOpenChange,
  onLoggedIn,
  forgotPasswordUrl,
  returnFocus,
}: AuthModalProps) {
  const done = (user: User) => {
    onLoggedIn(user);
    onOpenChange(false);
  };
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Connexion ou création de compte"
      hideTitle
      size="wide"
      returnFocus={returnFocus}
    >
      <div className={styles.halves}>
        <LoginForm
          onLoggedIn={done}
          forgotPasswordUrl={forgotPasswordUrl}
          autoFocus={initialTab === 'login'}
        />
        <RegistrationForm onLoggedIn={done} autoFocus={initialTab === 'register'} />
      </div>
    </ModalDialog>
  );
}
