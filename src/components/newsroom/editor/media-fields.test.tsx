// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { UploadField } from './media-fields';

afterEach(cleanup);

describe('UploadField', () => {
  test('says the size an image is shown at, as the field’s description', () => {
    render(
      <UploadField
        label="Image pour ordinateur"
        accept={['image/png']}
        onUploaded={() => {}}
        hint="Affichée en 1240 × 250 px."
      />,
    );
    const input = screen.getByLabelText('Image pour ordinateur');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Affichée en 1240 × 250 px.');
  });
});
