import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { zoomStep } from '../pdf/layout';
import { usePdfKeys } from '../pdf/use-pdf-keys';
import { protectProps } from '../protect';

/** An image, fit to the width (never wider than itself), zoomable with the buttons or + − 0. */
export function ImageView({
  url,
  name,
  protect,
  onFailed,
}: {
  url: string;
  name: string;
  protect: boolean;
  onFailed: () => void;
}) {
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const [natural, setNatural] = useState<number | null>(null);
  const scale = zoom === 'fit' ? 1 : zoom;
  const zoomBy = (direction: 1 | -1) => setZoom(zoomStep(scale, direction));
  usePdfKeys({
    onPage: () => undefined,
    onEdge: () => undefined,
    onZoom: zoomBy,
    onFit: () => setZoom('fit'),
    onFind: () => undefined,
  });

  return (
    <Box display="flex" flexDirection="column" h="full" minH="0">
      <HStack role="toolbar" aria-label="Image tools" gap="1" px="3" py="1.5" borderBottomWidth="1px" bg="bg">
        <IconButton aria-label="Zoom out" size="xs" variant="ghost" onClick={() => zoomBy(-1)}>
          <ZoomOut />
        </IconButton>
        <Text textStyle="xs" w="10" textAlign="center" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </Text>
        <IconButton aria-label="Zoom in" size="xs" variant="ghost" onClick={() => zoomBy(1)}>
          <ZoomIn />
        </IconButton>
        <IconButton
          aria-label="Fit width"
          aria-pressed={zoom === 'fit'}
          size="xs"
          variant={zoom === 'fit' ? 'subtle' : 'ghost'}
          onClick={() => setZoom('fit')}
        >
          <MoveHorizontal />
        </IconButton>
      </HStack>
      <Box flex="1" minH="0" overflow="auto" bg="bg.muted" p="4" data-testid="image-scroller" {...protectProps(protect)}>
        <img
          src={url}
          alt={name}
          draggable={!protect}
          onLoad={(e) => setNatural(e.currentTarget.naturalWidth)}
          onError={onFailed}
          style={
            zoom === 'fit' || !natural
              ? { display: 'block', margin: '0 auto', maxWidth: '100%', height: 'auto' }
              : { display: 'block', margin: '0 auto', width: `${natural * scale}px`, maxWidth: 'none', height: 'auto' }
          }
        />
      </Box>
    </Box>
  );
}
