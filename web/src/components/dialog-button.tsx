import { Button, type ButtonProps } from '@chakra-ui/react';

/** A trigger's props that ask for the code it opens as the pointer rests on it or it takes focus (decision 67). */
export const preloadOnApproach = (preload: () => void) => ({ onPointerEnter: preload, onFocus: preload });

/**
 * A small button opening a dialog whose code loads on demand (`LoadOnOpen`): the code is asked for as the
 * button is approached, so the click waits for less or nothing.
 */
export function DialogButton({ preload, ...props }: ButtonProps & { preload: () => void }) {
  return <Button size="sm" {...preloadOnApproach(preload)} {...props} />;
}
