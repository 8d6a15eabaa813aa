import { Container } from 'inversify';
import { afterEach, describe, expect, it } from 'vitest';
import { defineMetadata, getMetadata, getOwnMetadata } from './reflect-metadata-lite';

// Vitest loads inversify with the real polyfill; builds alias it to these three functions.
const reflect = Reflect as unknown as Record<'defineMetadata' | 'getOwnMetadata' | 'getMetadata', unknown>;
const polyfill = { defineMetadata: reflect.defineMetadata, getOwnMetadata: reflect.getOwnMetadata, getMetadata: reflect.getMetadata };

describe('reflect-metadata-lite', () => {
  afterEach(() => Object.assign(reflect, polyfill));

  it('keeps metadata per object, key and property, and inherits it along the prototype chain', () => {
    class Base {}
    class Derived extends Base {}
    const key = Symbol('key');
    defineMetadata(key, 'on base', Base);
    defineMetadata(key, 'on a property', Base, 'name');
    expect(getOwnMetadata(key, Base)).toBe('on base');
    expect(getOwnMetadata(key, Base, 'name')).toBe('on a property');
    expect(getOwnMetadata('other', Base)).toBeUndefined();
    expect(getOwnMetadata(key, Derived)).toBeUndefined();
    expect(getMetadata(key, Derived)).toBe('on base');
    defineMetadata(key, 'on derived', Derived);
    expect(getMetadata(key, Derived)).toBe('on derived');
    expect(getMetadata(key, {})).toBeUndefined();
  });

  it("is all inversify's container needs, as the app binds it", async () => {
    Object.assign(reflect, { defineMetadata, getOwnMetadata, getMetadata });
    const container = new Container({ defaultScope: 'Singleton', jitless: true });
    const [origin, greeting, answer] = [Symbol('origin'), Symbol('greeting'), Symbol('answer')];
    container.bind(origin).toConstantValue('http://localhost');
    container.bind(greeting).toResolvedValue((value: string) => `hello ${value}`, [origin]);
    container.bind(answer).toDynamicValue(async () => 42);
    container.rebind(origin).toConstantValue('https://shop.example');
    expect(container.get(greeting)).toBe('hello https://shop.example');
    expect(await container.getAsync(answer)).toBe(42);
  });
});
