import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { EmailField, NewPasswordFields, PasswordField } from './account-fields';
import { AccountForm } from './account-form';
import { AlertsSection } from './alerts-section';

const action = async () => {};
/** The markup without the script React adds after a form whose action is a function. */
const markup = (node: ReactNode) => renderToStaticMarkup(node).replace(/<script>.*<\/script>$/, '');

describe('AccountForm: the no-JavaScript form of the account pages', () => {
  test('hidden values first, then the fields, then one submit button', () => {
    const html = markup(
      <AccountForm action={action} hidden={{ client: '7', token: 'abc' }} submitLabel="Arrêter mes alertes">
        <p>champs</p>
      </AccountForm>,
    );
    expect(html).toMatch(
      /^<form[^>]*><input type="hidden" name="client" value="7"\/><input type="hidden" name="token" value="abc"\/><p>champs<\/p><button type="submit" class="[^"]+">Arrêter mes alertes<\/button><\/form>$/,
    );
    // A page of one form gets its layout from AccountFormPage: the form itself has no class.
    expect(html).not.toMatch(/<form[^>]* class=/);
  });

  test('a section lays its form out, and an action that cannot be undone gets the danger button', () => {
    const plain = markup(<AccountForm action={action} submitLabel="Enregistrer" />);
    const danger = markup(
      <AccountForm action={action} className="section-form" submitLabel="Supprimer" danger />,
    );
    expect(danger).toMatch(/^<form class="section-form"[^>]*>/);
    const buttonClass = (html: string) => html.match(/<button type="submit" class="([^"]+)"/)?.[1];
    expect(buttonClass(danger)).toBeTruthy();
    expect(buttonClass(danger)).not.toBe(buttonClass(plain));
  });
});

describe('the fields the account forms share', () => {
  test('an address: e-mail type, autofilled, 254 characters at most, required', () => {
    const html = renderToStaticMarkup(<EmailField label="Adresse e-mail" />);
    expect(html).toContain('>Adresse e-mail<');
    expect(html).toMatch(
      /<input type="email" autoComplete="email" maxLength="254"[^>]* aria-required="true" name="email"/,
    );
  });

  test('a password says which password the browser should fill', () => {
    const html = renderToStaticMarkup(
      <PasswordField name="current" label="Mot de passe actuel" autoComplete="current-password" />,
    );
    expect(html).toMatch(/<input type="password" autoComplete="current-password"[^>]* name="current"/);
  });

  test('a new password: the rule between the password and its confirmation, both new', () => {
    const html = renderToStaticMarkup(<NewPasswordFields confirmationLabel="Confirmation du mot de passe" />);
    const names = [...html.matchAll(/autoComplete="new-password"[^>]* name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['password', 'confirmed']);
    expect(html.indexOf('8 caractères au moins')).toBeGreaterThan(html.indexOf('name="password"'));
    expect(html.indexOf('8 caractères au moins')).toBeLessThan(html.indexOf('name="confirmed"'));
    expect(html).toContain('>Confirmation du mot de passe<');
  });
});

describe('AlertsSection: the ticks as the reader saved them', () => {
  const tag = (id: string) => ({ id, label: `Thème ${id}` });
  const render = (current: { frequency: string; topicIds: string[] } | null, savedUpdates = false) =>
    renderToStaticMarkup(
      <AlertsSection
        choices={[
          { topic: tag('fiscal'), thematics: [tag('tva'), tag('is')] },
          { topic: tag('social'), thematics: [] },
        ]}
        frequencies={[
          { value: 'daily', label: 'Chaque jour' },
          { value: 'weekly', label: 'Chaque semaine' },
        ]}
        current={current}
        action={action}
        savedUpdates={{ enabled: savedUpdates, action }}
        notice={null}
      />,
    );
  const checked = (html: string) =>
    [...html.matchAll(/<input type="(?:radio|checkbox)" name="(\w+)"( checked="")? value="(\w+)"\/>/g)]
      .filter((m) => m[2])
      .map((m) => `${m[1]}=${m[3]}`);

  test('without alerts: the first frequency, nothing followed, every topic closed', () => {
    const html = render(null);
    expect(checked(html)).toEqual(['frequency=daily']);
    expect(html).not.toContain('<details open');
    expect(html).toContain('Toute l’actualité : Thème fiscal');
  });

  test('with alerts: their frequency and topics, a topic open when one of its thematics is followed', () => {
    const html = render({ frequency: 'weekly', topicIds: ['social', 'is'] });
    expect(checked(html)).toEqual(['frequency=weekly', 'topics=is', 'topics=social']);
    expect(html.match(/<details[^>]*>/g)?.map((tag) => tag.includes('open'))).toEqual([true, false]);
  });

  test('the e-mail about updates of saved articles, ticked as the reader left it', () => {
    expect(checked(render(null, true))).toEqual(['frequency=daily', 'enabled=1']);
    expect(checked(render(null, false))).toEqual(['frequency=daily']);
  });
});
