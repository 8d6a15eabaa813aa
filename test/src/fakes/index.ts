export { FakeAuthProvider } from './fake-auth-provider';
export { RecordingNavigation } from './recording-navigation';
