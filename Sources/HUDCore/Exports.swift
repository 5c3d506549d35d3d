// The model runs on the system layer's EventLoop and clocks: `import HUDCore` brings them.
@_exported import HUDSystem
