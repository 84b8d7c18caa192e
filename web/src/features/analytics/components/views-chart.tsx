import { Box, Text } from '@chakra-ui/react';
import type { ViewsOverTime } from '@contracts/analytics';
import { pluralize } from '../../../lib/format';
import { bucketLabel } from '../logic';

const HEIGHT = 160;

/**
 * Views over the period as SVG bars, one per day, week or month: no chart package. The picture is one
 * image with a summary for screen readers; each bar carries its own title (a tooltip on hover).
 */
export function ViewsChart({ timeline, unit }: { timeline: ViewsOverTime[]; unit: 'day' | 'week' | 'month' }) {
  const max = Math.max(1, ...timeline.map((t) => t.views));
  const total = timeline.reduce((n, t) => n + t.views, 0);
  const busiest = timeline.reduce<ViewsOverTime | null>((best, t) => (!best || t.views > best.views ? t : best), null);
  const width = Math.max(timeline.length, 1) * 10;
  const summary = `Views per ${unit}: ${pluralize(total, 'view')} in ${pluralize(timeline.length, unit)}${
    busiest && busiest.views > 0 ? `, most on ${bucketLabel(busiest.start, unit)} (${busiest.views})` : ''
  }.`;
  const every = Math.ceil(timeline.length / 8); // at most about eight labels under the bars
  return (
    <Box>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        data-testid="views-chart"
      >
        <line
          x1="0"
          x2={width}
          y1={HEIGHT}
          y2={HEIGHT}
          stroke="var(--chakra-colors-border)"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        {timeline.map((t, i) => {
          const h = (t.views / max) * (HEIGHT - 8);
          return (
            <rect
              key={t.start}
              x={i * 10 + 1.5}
              y={HEIGHT - h}
              width={7}
              height={Math.max(h, t.views ? 1 : 0)}
              rx="1"
              fill="var(--chakra-colors-brand-solid, #3B82F6)"
              data-testid="chart-bar"
            >
              <title>{`${bucketLabel(t.start, unit)}: ${pluralize(t.views, 'view')}`}</title>
            </rect>
          );
        })}
      </svg>
      <Box display="flex" justifyContent="space-between" aria-hidden mt="1">
        {timeline
          .filter((_, i) => i % every === 0)
          .map((t) => (
            <Text key={t.start} textStyle="xs" color="fg.muted">
              {bucketLabel(t.start, unit)}
            </Text>
          ))}
      </Box>
    </Box>
  );
}
