'use client';

import { type FormEvent, useActionState, useId, useState } from 'react';
import { type NewsletterActionState, subscribeNewsletterAction } from '@/app/actions/newsletter';
import { type SubscriptionOutcome, subscribeNewsletter } from '@/client/newsletter';
import { capMessage, emailError, requiredError } from '@/lib/validation';
import styles from './newsletter-block.module.css';

export type NewsletterState = 'idle' | 'sending' | SubscriptionOutcome['status'];

type NewsletterBlockProps = {
  /** The block's heading level (2 by default) so it fits the page's outline. */
  headingLevel?: 2 | 3;
};

/**
 * The newsletter block: idle, then a success message, an 'already subscribed' message (in red) or an error
 * message (spec sections 4 and 8). The e-mail is checked first and nothing is sent when it is invalid. Without
 * JavaScript the form posts to a server action and the page comes back with the outcome.
 *
 * Usage: `<NewsletterBlock />` anywhere in a page.
 */
export function NewsletterBlock({ headingLevel = 2 }: NewsletterBlockProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<NewsletterState>('idle');
  const [message, setMessage] = useState('');
  const [serverOutcome, formAction] = useActionState<NewsletterActionState, FormData>(
    subscribeNewsletterAction,
    {
      status: 'idle',
    },
  );
  // The outcome of a submission made without JavaScript, until the browser path takes over.
  const shown: { status: NewsletterState; message: string } =
    state === 'idle' && serverOutcome.status !== 'idle' ? serverOutcome : { status: state, message };
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
      <form className={styles.form} action={formAction} onSubmit={submit} noValidate>
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
      </form>
    </section>
  );
}
