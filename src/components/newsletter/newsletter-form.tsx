'use client';

import { type FormEvent, useId, useState } from 'react';
import { type SubscriptionOutcome, subscribeNewsletter } from '@/client/newsletter';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import { capMessage, EMAIL_MESSAGE, emailError, requiredError } from '@/lib/validation';
import styles from './newsletter-form.module.css';

export type NewsletterState = 'idle' | 'sending' | SubscriptionOutcome['status'];

export type NewsletterFormProps = {
  /** The block's heading level (2 by default) so it fits the page's outline. */
  headingLevel?: 2 | 3;
  /** The server action the form posts to without JavaScript. */
  action?: (form: FormData) => Promise<void>;
};

/**
 * Outcomes of a submission without JavaScript: the server action sends the reader back to the page at one of
 * these anchors, and CSS shows the matching message (:target).
 */
const NO_SCRIPT_OUTCOMES = [
  { id: 'newsletter-invalide', message: EMAIL_MESSAGE, success: false },
  { id: 'newsletter-merci', message: NEWSLETTER_SUCCESS_MESSAGE, success: true },
  { id: 'newsletter-deja-inscrit', message: NEWSLETTER_ALREADY_MESSAGE, success: false },
  { id: 'newsletter-erreur', message: NEWSLETTER_ERROR_MESSAGE, success: false },
] as const;

/**
 * The newsletter form: idle, then a success message, an 'already subscribed' message (in red) or an error
 * message (spec sections 4 and 8). The e-mail is checked first and nothing is sent when it is invalid. Pages use
 * <NewsletterBlock />, which hands it the server action of browsers without JavaScript.
 */
export function NewsletterForm({ headingLevel = 2, action }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<NewsletterState>('idle');
  const [message, setMessage] = useState('');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const check = (value: string) => requiredError(value) ?? emailError(value);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = check(email);
    if (invalid) {
      setFieldError(capMessage(invalid));
      return;
    }
    setState('sending');
    setMessage('');
    const outcome = await subscribeNewsletter(email);
    setState(outcome.status);
    setMessage(capMessage(outcome.message));
  };

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <div className={styles.text}>
        <Heading id={`${id}-title`} className={styles.title}>
          Newsletter gratuite
        </Heading>
        <p className={styles.pitch}>
          Recevez chaque matin l’essentiel de l’actualité juridique, fiscale et sociale.
        </p>
      </div>
      <form className={styles.form} action={action} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-email`} className={styles.label}>
          Votre adresse e-mail
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            className={styles.input}
            placeholder="nom@exemple.fr"
            value={email}
            aria-required="true"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
            onFocus={() => setFieldError(null)}
            onBlur={() => {
              if (email !== '') setFieldError(check(email));
            }}
          />
          <button type="submit" className={styles.button} disabled={state === 'sending'}>
            Je m’inscris
          </button>
        </div>
        {fieldError ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {fieldError}
          </p>
        ) : null}
        <p
          className={`${styles.message} ${state === 'success' ? styles.success : styles.failure}`}
          role="status"
        >
          {state === 'success' || state === 'already' || state === 'error' ? message : ''}
        </p>
        {NO_SCRIPT_OUTCOMES.map((outcome) => (
          <p
            key={outcome.id}
            id={outcome.id}
            className={`${styles.message} ${styles.targetMessage} ${outcome.success ? styles.success : styles.failure}`}
          >
            {outcome.message}
          </p>
        ))}
      </form>
    </section>
  );
}
