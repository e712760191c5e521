// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MediaAnswer } from '@/lib/contracts/admin';
import { FocalPointField } from './focal-point-field';

afterEach(cleanup);

const media: MediaAnswer = {
  id: 1,
  kind: 'image',
  url: '/media/0123456789abcdef0123456789abcdef/original.png',
  name: 'a.png',
  contentType: 'image/png',
  size: 1000,
  width: 1000,
  height: 600,
  alt: null,
  caption: null,
  focalPoint: null,
  replacesId: null,
  variants: [],
  uploadedBy: null,
  createdAt: '2026-12-01T10:00:00.000Z',
};

describe('FocalPointField', () => {
  test('arrow keys move the point by 5 %, 1 % with Shift, within 0 to 100; a keyboard click keeps it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<FocalPointField media={media} value={null} onChange={onChange} />);
    const picker = screen.getByRole('button', {
      name: /Point focal : 50 % depuis la gauche, 50 % depuis le haut/,
    });
    fireEvent.keyDown(picker, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith({ x: 55, y: 50 });
    fireEvent.keyDown(picker, { key: 'ArrowUp', shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith({ x: 50, y: 49 });

    rerender(<FocalPointField media={media} value={{ x: 98, y: 2 }} onChange={onChange} />);
    fireEvent.keyDown(picker, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith({ x: 100, y: 2 });
    fireEvent.keyDown(picker, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith({ x: 98, y: 0 });

    onChange.mockClear();
    fireEvent.click(picker, { detail: 0 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
