import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allowedHostNames, hostHeaderName } from './allowed-host-names';

const iface = (address: string, family: 'IPv4' | 'IPv6', scopeid = 0) =>
  ({ address, family, scopeid, netmask: '', mac: '', internal: false, cidr: null }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [iface('127.0.0.1', 'IPv4'), iface('::1', 'IPv6')],
  eth0: [iface('192.168.1.5', 'IPv4'), iface('fe80::1', 'IPv6', 2), iface('2001:db8::5', 'IPv6')],
};

describe('allowedHostNames', () => {
  it('loopback names only, bound to loopback', () => {
    expect([...allowedHostNames('127.0.0.1', [], interfaces)].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
  });

  it('adds the bind address and the extra names, spelt as a Host header spells them', () => {
    const names = allowedHostNames('192.168.1.5', ['Planvas.LAN', 'fd00::7'], interfaces);
    expect(names).toEqual(new Set(['127.0.0.1', 'localhost', '[::1]', '192.168.1.5', 'planvas.lan', '[fd00::7]']));
    expect(allowedHostNames('::1', [], interfaces).has('[::1]')).toBe(true);
  });

  it.each(['0.0.0.0', '::'])('bound to %s, every interface address counts as the bind address (not link-local ones)', (bind) => {
    const names = allowedHostNames(bind, [], interfaces);
    expect(names.has('192.168.1.5')).toBe(true);
    expect(names.has('[2001:db8::5]')).toBe(true);
    expect(names.has('[fe80::1]')).toBe(false);
    expect(names.has('0.0.0.0')).toBe(false);
    expect(names.has('[::]')).toBe(false);
  });

  it('hostHeaderName', () => {
    expect(hostHeaderName(' LocalHost ')).toBe('localhost');
    expect(hostHeaderName('::1')).toBe('[::1]');
    expect(hostHeaderName('[::1]')).toBe('[::1]');
  });
});
