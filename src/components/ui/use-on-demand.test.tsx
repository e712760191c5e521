// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useOnDemand } from './use-on-demand';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Probe({ load, wanted }: { load: () => Promise<{ name: string }>; wanted: boolean }) {
  const module = useOnDemand(load, wanted);
  return <p>{module ? module.name : 'absent'}</p>;
}

describe('useOnDemand', () => {
  test('loads nothing until wanted, then the module once, and keeps it when no longer wanted', async () => {
    const load = vi.fn(async () => ({ name: 'chargé' }));
    const { rerender } = render(<Probe load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('absent')).toBeTruthy();

    rerender(<Probe load={load} wanted />);
    expect(await screen.findByText('chargé')).toBeTruthy();
    rerender(<Probe load={load} wanted={false} />);
    rerender(<Probe load={load} wanted />);
    expect(screen.getByText('chargé')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed load is logged and tried again the next time it is wanted', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValueOnce({ name: 'chargé' });
    const { rerender } = render(<Probe load={load} wanted />);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(screen.getByText('absent')).toBeTruthy();

    await act(async () => rerender(<Probe load={load} wanted={false} />));
    rerender(<Probe load={load} wanted />);
    expect(await screen.findByText('chargé')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
