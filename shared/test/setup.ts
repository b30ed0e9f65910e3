/** Jest setup: jest-dom matchers and the jsdom gaps our code relies on (STACK.md pitfall 8). */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
