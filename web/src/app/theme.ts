import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value: "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
      colors: {
        brand: {
          50: { value: '#EEF3FB' },
          100: { value: '#D6E1F5' },
          200: { value: '#ADC3EA' },
          300: { value: '#7F9FDB' },
          400: { value: '#5079C9' },
          500: { value: '#2F5BB5' },
          600: { value: '#234896' },
          700: { value: '#1D3A78' },
          800: { value: '#182F5F' },
          900: { value: '#12233F' },
          950: { value: '#0B1628' },
        },
      },
    },
    // Text and solid buttons at WCAG AA contrast (4.5:1 on white and on the canvas), decision 38: Chakra's
    // light greys, status colours and green/orange solids are lighter than that.
    semanticTokens: {
      colors: {
        'bg.canvas': { value: { _light: '#F5F7FA', _dark: '{colors.gray.950}' } },
        fg: {
          subtle: { value: { _light: '#6B6B74', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '#B91C1C', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '#C2410C', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '#15803D', _dark: '{colors.green.300}' } },
        },
        green: {
          solid: { value: { _light: '#15803D', _dark: '{colors.green.600}' } },
        },
        orange: {
          solid: { value: { _light: '#C2410C', _dark: '{colors.orange.500}' } },
        },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
