// Jest runs the app's unit and component tests in jsdom, as H5 (and a weapp-flavoured project for
// *.weapp.test.ts files, which resolves the .weapp.ts platform files first). See docs/WEAPP.md "The Taro recipe".
const path = require('path');

const babel = [
  'babel-jest',
  {
    configFile: false,
    babelrc: false,
    presets: [
      ['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
  },
];

function project(flavour) {
  const first = flavour === 'weapp' ? ['weapp.ts', 'weapp.tsx'] : ['h5.ts', 'h5.tsx'];
  return {
    displayName: flavour,
    testEnvironment: 'jsdom',
    rootDir: __dirname,
    roots: ['<rootDir>/tests/unit', '<rootDir>/tests/component'],
    testMatch: flavour === 'weapp' ? ['**/*.weapp.test.[jt]s?(x)'] : ['**/*.test.[jt]s?(x)'],
    testPathIgnorePatterns: flavour === 'weapp' ? [] : ['\\.weapp\\.test\\.'],
    moduleFileExtensions: [...first, 'ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
    // node_modules: only their module format changes (esbuild, fast); our sources: Babel (TypeScript, JSX).
    transform: {
      '/node_modules/.+\\.(mjs|cjs|js|jsx)$': '<rootDir>/tests/setup/esbuild-transform.js',
      '^.+\\.(mjs|cjs|js|jsx|ts|tsx)$': babel,
    },
    // Taro and NutUI ship ESM deep in their trees (ics, nanoid, …): transform everything; the cache makes reruns fast.
    transformIgnorePatterns: [],
    moduleNameMapper: {
      '\\.(css|scss|sass|less)$': '<rootDir>/tests/setup/style-stub.js',
      '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/tests/setup/file-stub.js',
      '^@tarojs/taro$': '<rootDir>/tests/setup/taro-shim.js',
      '^@tarojs/components$': '@tarojs/components/lib/react',
      '^@nutui/nutui-react-taro$': '@nutui/nutui-react-taro/dist/es/packages/nutui.react.build.js',
      '^lottie-react$': '<rootDir>/tests/setup/empty-stub.js',
      '^@nutui/lottie-miniprogram$': '<rootDir>/tests/setup/empty-stub.js',
      '^@/(.*)$': '<rootDir>/src/$1',
    },
    setupFiles: ['<rootDir>/tests/setup/env.js'],
    setupFilesAfterEnv: ['<rootDir>/tests/setup/after-env.js'],
    globals: {
      ENABLE_INNER_HTML: true,
      DEPRECATED_ADAPTER_COMPONENT: false,
      ENABLE_ADJACENT_HTML: true,
      ENABLE_SIZE_APIS: true,
      ENABLE_TEMPLATE_CONTENT: true,
      ENABLE_CLONE_NODE: true,
      ENABLE_CONTAINS: true,
      ENABLE_MUTATION_OBSERVER: true,
      API_BASE_URL: 'http://localhost:8080',
      TARO_APP_FLAVOUR: flavour,
    },
  };
}

module.exports = {
  projects: [project('h5'), project('weapp')],
  cacheDirectory: path.join(__dirname, '.tmp', 'jest-cache'),
  // A test that waits for a screen must not fail because the machine is busy (npm test runs jobs side by side).
  testTimeout: 30_000,
};
