// toBeInTheDocument() & co. on jest's expect, for the component tests (tests/setup/after-env.js loads them).
import '@testing-library/jest-dom';
