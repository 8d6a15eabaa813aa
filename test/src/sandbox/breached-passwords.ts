// The sandbox's stand-in for Stytch's breach detection (HaveIBeenPwned): about two hundred of the
// most common passwords in public breach corpora, plus the "looks complex but is everywhere"
// variants a LUDS policy would otherwise accept. Matching is exact and case-sensitive, as a hash
// lookup is. Add entries freely; keep every strong example password the tests use out of it.

const BREACHED_PASSWORDS: readonly string[] = [
  // The usual top of every list.
  '123456', '123456789', '12345678', '12345', '1234567', '1234567890', '123123', '111111', '000000', '654321',
  '666666', '121212', '112233', '123321', '159753', '987654321', '1q2w3e4r', '1qaz2wsx', 'qwerty', 'qwertyuiop',
  'qwerty123', 'qwerty1', 'Qwerty123', 'Qwerty123!', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'azerty', 'abc123', 'abcd1234',
  'password', 'password1', 'password12', 'password123', 'Password', 'Password1', 'Password12', 'Password123',
  'Password123!', 'Password1!', 'Password!', 'P@ssw0rd', 'P@ssw0rd!', 'P@ssword1', 'Passw0rd', 'Passw0rd!', 'pa$$word',
  'passw0rd', 'password!', 'p@ssword', 'p@ssw0rd',
  // Words and names.
  'iloveyou', 'iloveyou1', 'iloveyou12', 'iloveyou123', 'ILoveYou1!', 'princess', 'princess1', 'sunshine', 'sunshine1',
  'football', 'football1', 'baseball', 'basketball', 'soccer', 'hockey', 'monkey', 'monkey123', 'dragon', 'dragon123',
  'master', 'master123', 'shadow', 'shadow123', 'superman', 'batman', 'batman123', 'starwars', 'pokemon', 'naruto',
  'michael', 'jennifer', 'jessica', 'charlie', 'daniel', 'thomas', 'jordan', 'jordan23', 'hunter', 'hunter2',
  'buster', 'tigger', 'ginger', 'pepper', 'summer', 'winter', 'flower', 'cookie', 'cheese', 'chocolate', 'secret',
  'secret123', 'freedom', 'whatever', 'trustno1', 'killer', 'nicole', 'ashley', 'bailey', 'harley', 'ranger',
  'computer', 'internet', 'samsung', 'google', 'apple123', 'mustang', 'ferrari', 'liverpool', 'chelsea', 'arsenal',
  'blink182', 'matrix', 'qazwsx', 'zaq12wsx', 'lovely', 'loveme', 'love123', 'hello', 'hello123', 'Hello123',
  'Hello123!', 'welcome', 'welcome1', 'Welcome1', 'Welcome1!', 'Welcome123', 'Welcome123!', 'letmein', 'letmein1',
  'letmein123', 'letmein2024', 'letmein2025', 'letmein2026', 'Letmein1!', 'admin', 'admin123', 'Admin123', 'Admin123!',
  'administrator', 'root', 'toor', 'changeme', 'changeme123', 'default', 'guest', 'test', 'test123', 'test1234',
  'testing', 'login', 'login123', 'access', 'access14', 'user', 'user123', 'demo', 'demo123', 'temp123',
  // Seasons and years, the favourite way to satisfy "a digit and a symbol".
  'Summer2023!', 'Summer2024!', 'Summer2025!', 'Summer2026!', 'Winter2024!', 'Winter2025!', 'Winter2026!',
  'Spring2025!', 'Autumn2025!', 'Fall2025!', 'January2025!', 'Monday123!', 'Company123!', 'Changeme1!',
  'Football1!', 'Baseball1!', 'Sunshine1!', 'Princess1!', 'Monkey123!', 'Dragon123!', 'Master123!', 'Shadow123!',
  'Superman1!', 'Batman123!', 'Freedom1!', 'Starwars1!', 'Pokemon1!', 'Iloveyou1!', 'Welcome2025!', 'Password2024!',
  'Password2025!', 'Password2026!', 'password2024', 'password2025', 'password2026',
  // Keyboard walks with the required extras.
  'Qwertyuiop1!', 'Asdfghjkl1!', 'Zxcvbnm1!', '1q2w3e4r5t', '1q2w3e4r!', 'Q1w2e3r4!', 'Qwer1234!', 'Abcd1234!',
  'Abc12345!', 'Aa123456!', 'Aa123456', 'Zaq12wsx!', 'Passpass1!', '!QAZ2wsx', '1qaz@WSX', 'qwe123', 'asd123', 'zxc123',
  'aaaaaa', 'abcdef', 'abcdefg', 'abcdefgh', '11111111', '88888888', '12341234', '123qwe', 'qwe123qwe', 'a1b2c3d4',
];

const BREACHED = new Set(BREACHED_PASSWORDS);

/** Whether `password` is on the sandbox's breach list (exact, case-sensitive match). */
export function isBreachedPassword(password: string): boolean {
  return BREACHED.has(password);
}

/** How many passwords the list holds (for the inbox page and tests). */
export const BREACHED_PASSWORD_COUNT = BREACHED.size;
