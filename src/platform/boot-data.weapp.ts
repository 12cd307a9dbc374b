// The mini program has no HTML page to carry answers: every call goes to the network.
export function takeBootAnswer(_url: string): unknown {
  return undefined;
}

export function resetBootDataForTests(): void {}
