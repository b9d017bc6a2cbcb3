import { useEffect, useState } from 'react';
import { Anchor, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { parseCredits, type CreditPart } from '../credits/parse-credits';

/** Every source's attribution, as the style and its TileJSON give them once loaded. */
function attributionsOf(map: MapLibreMap): (string | undefined)[] {
  const sources = map.getStyle()?.sources ?? {};
  return Object.keys(sources).map((id) => (map.getSource(id) as { attribution?: string } | undefined)?.attribution);
}

/**
 * A hosted style's credits, drawn as text and links outside the map picture (MapLibre's own control
 * would put buttons inside an element with role="img", where screen readers cannot reach them).
 */
export function MapCredits({ map }: { map: MapLibreMap }) {
  const [credits, setCredits] = useState<CreditPart[][]>([]);
  useEffect(() => {
    let last = '';
    const update = () => {
      const next = parseCredits(attributionsOf(map));
      const key = JSON.stringify(next);
      if (key !== last) {
        last = key;
        setCredits(next);
      }
    };
    update();
    map.on('styledata', update);
    map.on('sourcedata', update);
    return () => {
      map.off('styledata', update);
      map.off('sourcedata', update);
    };
  }, [map]);
  if (!credits.length) return null;
  return (
    <CreditLine data-testid="map-credits">
      {credits.map((parts, i) => (
        <span key={i}>
          {i > 0 && ' · '}
          {parts.map((part, j) =>
            part.href ? (
              <Anchor key={j} href={part.href} target="_blank" rel="noopener noreferrer" inherit>
                {part.text}
              </Anchor>
            ) : (
              <span key={j}>{part.text}</span>
            ),
          )}
        </span>
      ))}
    </CreditLine>
  );
}

/** The strip in the map's bottom-right corner that credits hold, offline or hosted. */
export function CreditLine({ children, ...props }: TextProps & { children: ReactNode; 'data-testid'?: string }) {
  return (
    <Text
      size="xs"
      pos="absolute"
      bottom={0}
      right={0}
      px={6}
      maw="100%"
      style={{ background: 'color-mix(in srgb, var(--mantine-color-body) 80%, transparent)', borderTopLeftRadius: 4 }}
      {...props}
    >
      {children}
    </Text>
  );
}
