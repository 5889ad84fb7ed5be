package io.dbharness.hosts;

import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The keys of a running ssh-agent ({@code SSH_AUTH_SOCK}), offered before the key files as OpenSSH does: a key
 * protected by a passphrase is used through the agent, which holds it unlocked, and the passphrase never comes
 * here. MINA's own Unix agent client needs Tomcat's native library; the JDK's Unix-domain sockets do the same
 * with a few lines: a request is the agent protocol's length-prefixed message, the answer one too. No agent
 * forwarding.
 */
final class SshAgentSocket implements SshAgentFactory {

    private final Path socket;

    SshAgentSocket(Path socket) {
        this.socket = socket;
    }

    @Override
    public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of();
    }

    @Override
    public SshAgent createClient(Session session, FactoryManager manager) throws IOException {
        return new Client(SocketChannel.open(StandardProtocolFamily.UNIX));
    }

    @Override
    public SshAgentServer createServer(ConnectionService service) {
        throw new UnsupportedOperationException("agent forwarding");
    }

    private final class Client extends AbstractAgentProxy {
        private final SocketChannel channel;

        Client(SocketChannel channel) throws IOException {
            super(null);
            this.channel = channel;
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
            } catch (IOException e) {
                channel.close();
                throw new IOException("ssh-agent at " + socket + ": " + e.getMessage(), e);
            }
        }

        @Override
        protected synchronized Buffer request(Buffer buffer) throws IOException {
            int end = buffer.wpos();
            buffer.wpos(0);
            buffer.putUInt(end - 4L); // the message's length before it, as AbstractAgentProxy leaves room for
            buffer.wpos(end);
            ByteBuffer out = ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available());
            while (out.hasRemaining()) {
                channel.write(out);
            }
            ByteBuffer length = fill(ByteBuffer.allocate(4));
            int n = length.getInt(0);
            if (n <= 0 || n > 256 * 1024) {
                throw new IOException("ssh-agent at " + socket + " answered a message of " + n + " bytes");
            }
            return new ByteArrayBuffer(fill(ByteBuffer.allocate(n)).array());
        }

        private ByteBuffer fill(ByteBuffer b) throws IOException {
            while (b.hasRemaining()) {
                if (channel.read(b) < 0) {
                    throw new EOFException("ssh-agent at " + socket + " closed the connection");
                }
            }
            return b;
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                channel.close();
            }
        }
    }
}
